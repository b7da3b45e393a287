import { rewriteImageSources } from "../platform/sanitize-html.server";
import type { Actor, Services } from "../platform/services.server";
import { ImageRejectedError } from "./media.server";
import { externalImageUrls, fetchRemoteImage, RemoteImageError } from "./remote-image.server";
import { uploadImage } from "./upload-image.server";

/** Images fetched at the same time when a post brings several. */
const PARALLEL_FETCHES = 4;

/**
 * Brings every image of another site in sanitized post HTML into our media pipeline (fetched with
 * the SSRF, size and time limits of guarded-fetch.server.ts, decoded and re-encoded like an upload)
 * and points the `src` at the stored copy, so pages never depend on, or leak visitors to, other
 * sites (the CSP allows `img-src 'self'` only). Any image that cannot be imported is reported by URL.
 */
export async function importExternalImages(services: Services, actor: Actor, html: string): Promise<{ html: string } | { errors: string[] }> {
  const urls = externalImageUrls(html, (src) => src.startsWith("/"));
  if (urls.length === 0) return { html };
  // Per URL, in document order: the stored copy's URL, or why it could not be imported.
  const results: ({ stored: string } | { error: string })[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < urls.length; i = next++) {
      const url = urls[i]!;
      try {
        const { bytes } = await fetchRemoteImage(url, services.remoteImages);
        results[i] = { stored: (await uploadImage(services, actor, bytes)).url };
      } catch (error) {
        if (error instanceof RemoteImageError) results[i] = { error: error.message };
        else if (error instanceof ImageRejectedError) results[i] = { error: `이미지를 가져오지 못했습니다(${url}): ${error.message}` };
        else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, urls.length) }, worker));
  const errors = results.flatMap((r) => ("error" in r ? [r.error] : []));
  if (errors.length > 0) return { errors };
  const replacements = new Map(urls.map((url, i) => [url, (results[i] as { stored: string }).stored]));
  services.logger.info({ images: urls.length }, "images of other sites imported");
  return { html: rewriteImageSources(html, replacements) };
}
