import { parseAccessReason, type AccessReason } from "../../domain/access-records";

/**
 * A download or export without a valid reason (decision 039): refused with a 400 page of its own, in
 * Korean, that says what was missing and links back, and no file. The browser's form (GET for a file,
 * POST for the CSV export) lands here with JavaScript or without.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function downloadRefusal(message: string, backHref: string): Response {
  const html = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>내려받을 수 없습니다</title></head>
<body>
<main>
<h1>내려받을 수 없습니다</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>지원자의 개인정보를 내려받거나 내보낼 때는 그 이유를 접속기록에 남겨야 합니다. 이유를 선택한 뒤 다시 시도해 주세요.</p>
<p><a href="${escapeHtml(backHref)}">돌아가기</a></p>
</main>
</body>
</html>`;
  return new Response(html, { status: 400, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });
}

/** The reason of a download or export, or the 400 answer refusing it. */
export function requireDownloadReason(source: { get(name: string): unknown }, backHref: string): { reason: AccessReason } | { refused: Response } {
  const parsed = parseAccessReason(source);
  return parsed.ok ? { reason: parsed.reason } : { refused: downloadRefusal(parsed.message, backHref) };
}
