import { isAdminPath } from "../../domain/site-routes";
import type { Env } from "../platform/env.server";
import { MEDIA_KEY_PATTERN } from "../platform/storage.server";

/**
 * With MEDIA_PUBLIC_URL (a CDN or public bucket serving the media keys), the public pages point their
 * images there instead of at /media on this site. Stored content keeps its `/media/...` URLs (the
 * media library, the posts' image records and the API all speak them); the rendered document and the
 * `.data` of client navigations are rewritten as they leave, in entry.server.tsx. That is the one place
 * every image URL passes, whichever way it came: responsive images and their srcset, list thumbnails,
 * post HTML, preloads, and the hydration data that has to agree with the markup.
 *
 * Only URLs of stored images are rewritten (`/media/2026/11/<hex>[-w].ext`), site-relative or on this
 * site's own origin (the JSON-LD's absolute ones), not preceded by another host or a path. The admin
 * pages are not: their forms post image URLs back (an artist's images, a post's HTML), and those must
 * stay `/media/...`.
 */

/** The rewrite for a response to `url`, or null when it keeps its URLs. */
export function publicMediaRewrite(env: Pick<Env, "MEDIA_PUBLIC_URL" | "PUBLIC_ORIGIN">, url: URL): ((text: string) => string) | null {
  const base = env.MEDIA_PUBLIC_URL;
  if (!base || isAdminPath(url.pathname)) return null;
  // The origin the pages build absolute URLs from (the root loader's `origin`).
  const origin = (env.PUBLIC_ORIGIN ?? url.origin).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const pattern = new RegExp(String.raw`(?<![\w/.:%-])(?:${origin})?/media/(${MEDIA_KEY_PATTERN})(?![\w/.-])`, "g");
  // A function replacement: nothing in the base URL is read as a `$` pattern.
  return (text) => text.replace(pattern, (_url, key: string) => `${base}/${key}`);
}
