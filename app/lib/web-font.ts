/**
 * The web font (Pretendard) only where it is already at hand (docs/decisions/048-web-font-after-first-view.md).
 * A visitor's first page is shown in their own Korean font, and the enhancement script then fetches the
 * page's Pretendard subsets in the background and remembers it; from then on every page starts in
 * Pretendard, taken from the browser's cache, with no late change of typeface. The flag is read by this
 * tiny inline script at the top of <head>, before anything is painted; its SHA-256 is in the CSP's
 * script-src, so it also runs in stored (page-cached) pages, which carry no nonce.
 */
export const WEB_FONT_FLAG = "we-webfont";
export const WEB_FONT_CLASS = "webfont";
/** The inline script (a plain literal, so the visitors' bundle leaves it out; a unit test keeps it in step with the names above). */
export const WEB_FONT_SCRIPT = 'try{if(localStorage.getItem("we-webfont")==="1")document.documentElement.classList.add("webfont")}catch(e){}';

/** Whether one of the sorted code points falls in a CSS unicode-range ("U+ac00-ac3f, U+20"). */
export function inUnicodeRange(range: string, points: readonly number[]): boolean {
  for (const [, first, last] of range.matchAll(/U\+([0-9a-f]+)(?:-([0-9a-f]+))?/gi)) {
    const low = parseInt(first!, 16);
    // The first point at or above `low` (binary search), then whether it is within the range.
    let from = 0;
    for (let to = points.length; from < to; ) {
      const middle = (from + to) >> 1;
      if (points[middle]! < low) from = middle + 1;
      else to = middle;
    }
    if (points[from]! <= parseInt(last ?? first!, 16)) return true;
  }
  return false;
}

/** Runs `work` when the browser is idle (a timer where it cannot say). */
function whenIdle(work: (deadline?: IdleDeadline) => void): void {
  if ("requestIdleCallback" in window) requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 50);
}

/**
 * After the page has loaded and been painted: fetches the Pretendard subsets this page's text needs, both
 * weights, into the browser's cache, and remembers that the font is at hand (the next page starts in it).
 * They are fetched as files, not loaded as fonts: a loaded font is decoded on the page's main thread,
 * 10-30 ms a subset on a slow machine, twenty times over, while the visitor may already be scrolling or
 * tapping; the next page decodes only what it shows. The subsets are chosen by the stylesheet's
 * @font-face rules (the page's characters against their unicode ranges) in idle slices of a few
 * milliseconds, and fetched one at a time, each from an idle callback: twenty requests at once keep the
 * browser's network process and the page's thread busy together, which a phone's few cores feel.
 * Nothing changes on this page.
 */
export function warmWebFont(): void {
  if (document.documentElement.classList.contains(WEB_FONT_CLASS)) return;
  const start = () => {
    // Each weight for the text shown in it: the regular subsets for all of the page's text, the bold
    // ones for the bold text only (headings, the menu, buttons), so no subset is fetched for nothing.
    let bold = "";
    for (const element of document.body.querySelectorAll<HTMLElement>("h1,h2,h3,h4,strong,b,th,nav a,button,.button,[class*=title],[class*=eyebrow]")) {
      if (bold.length > 3000) break;
      bold += element.textContent;
    }
    const points = (text: string) => [...new Set(Array.from(text, (c) => c.codePointAt(0)!))].sort((a, b) => a - b);
    const wanted: Record<string, number[]> = { 400: points(document.body.innerText.slice(0, 6000)), 700: points(bold) };
    const rules = [...document.styleSheets].flatMap((sheet) => {
      try {
        return [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule);
      } catch {
        return [];
      }
    });
    const files = new Set<string>();
    const fetchNext = (queue: string[]) => {
      const file = queue.shift();
      if (!file) return localStorage.setItem(WEB_FONT_FLAG, "1");
      // A file that could not be fetched ends the warm-up without the flag.
      fetch(file)
        .then((response) => {
          if (!response.ok) throw new Error();
          return response.arrayBuffer();
        })
        .then(
          () => whenIdle(() => fetchNext(queue)),
          () => undefined,
        );
    };
    const step = (deadline?: IdleDeadline) => {
      const until = performance.now() + Math.min(5, deadline?.timeRemaining() ?? 5);
      while (rules.length > 0 && performance.now() < until) {
        const rule = rules.shift()!;
        const { style } = rule;
        const text = wanted[style.getPropertyValue("font-weight")];
        const source = /url\(["']?([^"')]+)/.exec(style.getPropertyValue("src"));
        if (text?.length && source && /pretendard/i.test(style.getPropertyValue("font-family")) && inUnicodeRange(style.getPropertyValue("unicode-range"), text)) {
          // The build writes the files' addresses from the site's root ("/assets/..."), whatever the sheet.
          files.add(new URL(source[1]!, location.href).href);
        }
      }
      if (rules.length > 0) whenIdle(step);
      else if (files.size > 0) whenIdle(() => fetchNext([...files]));
    };
    whenIdle(step);
  };
  // After the page has loaded and been painted (a small page can load before its first paint; a buffered
  // observer also reports a paint that has already happened).
  const afterPaint = () => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}
