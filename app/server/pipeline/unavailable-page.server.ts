import type { Locale } from "../../domain/locale";

const TEXT: Record<Locale, { title: string; errorTitle: string; refusedTitle: string; overloaded: string; database: string; error: string }> = {
  ko: {
    title: "잠시 후 다시 시도해 주세요",
    errorTitle: "일시적인 오류가 발생했습니다",
    refusedTitle: "요청을 처리할 수 없습니다",
    overloaded: "지금 접속이 많아 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    database: "일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.",
    error: "잠시 후 다시 시도해 주세요. 문제가 계속되면 회사로 연락해 주세요.",
  },
  en: {
    title: "Please try again shortly",
    errorTitle: "Something went wrong",
    refusedTitle: "We could not handle this request",
    overloaded: "We are getting more visits than we can handle right now. Please try again in a moment.",
    database: "The site is temporarily unavailable. Please try again in a moment.",
    error: "Please try again in a moment. If the problem continues, please contact us.",
  },
};

/** What a 503 says, in the page's language (English under /en). */
export function unavailableMessage(locale: Locale, reason: "overloaded" | "database"): string {
  return TEXT[locale][reason];
}

/** What a refusal React Router would have answered in English says, by status, in the page's language. */
export function refusalMessage(locale: Locale, status: number, method: string): string {
  if (locale === "en") {
    if (status === 404) return "This page may have moved or been removed. Please check the address and try again.";
    if (status === 405) return `This address does not take ${method} requests.`;
    return "This request could not be handled. Please check what you sent and try again.";
  }
  if (status === 404) return "페이지를 찾을 수 없습니다. 주소를 다시 확인해 주세요.";
  if (status === 405) return `이 주소는 ${method} 요청을 받지 않습니다.`;
  return "요청을 처리할 수 없습니다. 보낸 내용을 확인한 뒤 다시 시도해 주세요.";
}

/** What an unexpected server error says, in the page's language. */
export function serverErrorMessage(locale: Locale): string {
  return TEXT[locale].error;
}

function titleFor(status: number, locale: Locale): string {
  if (status === 503) return TEXT[locale].title;
  if (status >= 500) return TEXT[locale].errorTitle;
  return TEXT[locale].refusedTitle;
}

/**
 * The site's own small page for answers given before or outside React Router (a 503, an error React
 * Router could not render, a request refused at the door): self-contained (no scripts, no database,
 * no build assets), Korean or English.
 */
export function serviceUnavailablePage(message: string, locale: Locale = "ko", status = 503): string {
  const escaped = message.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${titleFor(status, locale)} | WE ENTERTAINMENT</title>
<style>
body{margin:0;font-family:Pretendard,system-ui,"Apple SD Gothic Neo","Noto Sans KR","Noto Sans CJK KR",sans-serif;color:#17161c;background:#fff;display:grid;min-height:100vh;place-items:center}
main{max-width:32rem;padding:2rem;text-align:center}
p.code{font-size:3.5rem;font-weight:800;letter-spacing:.1em;color:#c2456d;margin:0}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
p{color:#55535e;line-height:1.7}
a{color:#c2456d}
</style>
</head>
<body>
<main>
<p class="code">${status}</p>
<h1>${titleFor(status, locale)}</h1>
<p>${escaped}</p>
<p><a href="${locale === "en" ? "/en" : "/"}">WE ENTERTAINMENT</a></p>
</main>
</body>
</html>`;
}
