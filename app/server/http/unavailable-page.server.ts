import type { Locale } from "../../domain/locale";

const TEXT: Record<Locale, { title: string; overloaded: string; database: string }> = {
  ko: {
    title: "잠시 후 다시 시도해 주세요",
    overloaded: "지금 접속이 많아 요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    database: "일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.",
  },
  en: {
    title: "Please try again shortly",
    overloaded: "We are getting more visits than we can handle right now. Please try again in a moment.",
    database: "The site is temporarily unavailable. Please try again in a moment.",
  },
};

/** What a 503 says, in the page's language (issue 13: English under /en). */
export function unavailableMessage(locale: Locale, reason: "overloaded" | "database"): string {
  return TEXT[locale][reason];
}

/** A self-contained 503 page (no scripts, no database, no build assets), Korean or English. */
export function serviceUnavailablePage(message: string, locale: Locale = "ko"): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${TEXT[locale].title} | WE ENTERTAINMENT</title>
<style>
body{margin:0;font-family:Pretendard,system-ui,"Apple SD Gothic Neo","Noto Sans KR","Noto Sans CJK KR",sans-serif;color:#17161c;background:#fff;display:grid;min-height:100vh;place-items:center}
main{max-width:32rem;padding:2rem;text-align:center}
p.code{font-size:3.5rem;font-weight:800;letter-spacing:.1em;color:#c2456d;margin:0}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
p{color:#55535e;line-height:1.7}
</style>
</head>
<body>
<main>
<p class="code">503</p>
<h1>${TEXT[locale].title}</h1>
<p>${message}</p>
<p>WE ENTERTAINMENT</p>
</main>
</body>
</html>`;
}
