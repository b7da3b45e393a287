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
export const WEB_FONT_SCRIPT = `try{if(localStorage.getItem("${WEB_FONT_FLAG}")==="1")document.documentElement.classList.add("${WEB_FONT_CLASS}")}catch(e){}`;

/**
 * After the page has loaded and been painted: fetches the Pretendard subsets this page's text needs, both weights, and
 * remembers that the font is at hand (the next page starts in it). Nothing changes on this page.
 */
export function warmWebFont(): void {
  if (document.documentElement.classList.contains(WEB_FONT_CLASS) || !("fonts" in document)) return;
  const start = () => {
    // Each weight for the text shown in it: the regular subsets for all of the page's text, the bold
    // ones for the bold text only (headings, the menu, buttons), so no subset is fetched for nothing.
    const regular = (document.body.innerText || "").slice(0, 6000);
    let bold = "";
    for (const element of document.body.querySelectorAll<HTMLElement>("h1, h2, h3, h4, strong, b, th, nav a, button, .button, [class*='title'], [class*='eyebrow']")) {
      if (bold.length > 3000) break;
      bold += element.textContent ?? "";
    }
    const loads = [document.fonts.load("400 16px Pretendard", regular), ...(bold ? [document.fonts.load("700 16px Pretendard", bold)] : [])];
    void Promise.all(loads)
      .then((faces) => {
        if (faces.some((loaded) => loaded.length > 0)) localStorage.setItem(WEB_FONT_FLAG, "1");
      })
      .catch(() => undefined);
  };
  // After the page has loaded and been painted (a small page can load before its first paint).
  const afterPaint = () => {
    if (performance.getEntriesByName("first-contentful-paint").length > 0 || typeof PerformanceObserver === "undefined") return start();
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
