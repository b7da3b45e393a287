/** A self-contained Korean 503 page (no scripts, no database, no build assets). */
export function serviceUnavailablePage(message: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>잠시 후 다시 시도해 주세요 | WE ENTERTAINMENT</title>
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
<h1>잠시 후 다시 시도해 주세요</h1>
<p>${message}</p>
<p>WE ENTERTAINMENT</p>
</main>
</body>
</html>`;
}
