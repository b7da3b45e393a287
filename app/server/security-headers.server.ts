/** The Content-Security-Policy of HTML responses: scripts only from us or with this response's nonce. */
export function contentSecurityPolicy(options: { nonce: string; kakaoMaps: boolean }): string {
  const kakaoScripts = options.kakaoMaps ? " https://dapi.kakao.com https://t1.daumcdn.net" : "";
  const kakaoImages = options.kakaoMaps ? " https://*.daumcdn.net https://*.kakao.com" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'${kakaoScripts}`,
    // react-slick positions slides with style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${kakaoImages}`,
    "font-src 'self'",
    `connect-src 'self'${kakaoImages}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
