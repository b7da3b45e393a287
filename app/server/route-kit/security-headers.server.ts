import { createHash } from "node:crypto";
import { REEL_EMBED_ORIGINS } from "../../domain/reels";
import { WEB_FONT_SCRIPT } from "../../lib/web-font";

/**
 * The Content-Security-Policy of HTML responses: scripts only from this site, or inline scripts
 * carrying this response's nonce (a page rendered for one response). Stored pages (page cache, CDN)
 * get no nonce, so the only inline script that runs in them is the web font's flag, by its hash
 * (decisions 031, 048).
 */
/** The one inline script every page may run without a nonce: the web font's flag (lib/web-font.ts). */
const WEB_FONT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(WEB_FONT_SCRIPT).digest("base64")}'`;

export function contentSecurityPolicy(options: { nonce?: string; kakaoMaps: boolean; mediaSource?: string }): string {
  const kakaoScripts = options.kakaoMaps ? " https://dapi.kakao.com https://t1.daumcdn.net" : "";
  const kakaoImages = options.kakaoMaps ? " https://*.daumcdn.net https://*.kakao.com" : "";
  // The public images' CDN or bucket when the pages point at it: MEDIA_PUBLIC_URL with a trailing
  // slash, which allows everything under that path and nothing else on the host (a shared bucket host).
  const mediaImages = options.mediaSource ? ` ${options.mediaSource}` : "";
  const inline = options.nonce ? `'nonce-${options.nonce}'` : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${WEB_FONT_SCRIPT_HASH}${inline ? ` ${inline}` : ""}${kakaoScripts}`,
    // react-slick positions slides with style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaImages}${kakaoImages}`,
    "font-src 'self'",
    // The showreels' players, loaded when a visitor clicks a poster (decision 046): exactly their privacy-enhanced hosts.
    `frame-src 'self' ${REEL_EMBED_ORIGINS.join(" ")}`,
    `connect-src 'self'${kakaoImages}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of a PDF shown in the browser (the artist's profile PDF): Chrome's viewer is an embedded
 * object of a page it makes around the file, so the pages' `object-src 'none'` would block it
 * (crbug.com/271452). The file is ours and holds no scripts; nosniff keeps it from ever being HTML.
 */
export const PDF_CONTENT_SECURITY_POLICY = "object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
