import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyDesignTokens, CSS_CUSTOM_MEDIA, CSS_CUSTOM_PROPERTIES, designTokens } from "../../app/styles/design-tokens";

const GLOBAL_CSS = fileURLToPath(new URL("../../app/styles/global.css", import.meta.url));
const source = fs.readFileSync(GLOBAL_CSS, "utf8");
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");
const mediaPreludes = (css: string) => [...withoutComments(css).matchAll(/@media\s+([^{]+?)\s*\{/g)].map((m) => m[1]!);

describe("design tokens: the layout constants of requirements R10.2 reach the stylesheet from app/domain/constants.ts", () => {
  const output = applyDesignTokens(source);

  it("resolves every custom media query of global.css", () => {
    const preludes = mediaPreludes(output);
    expect(preludes.length).toBeGreaterThan(10);
    expect(preludes.filter((p) => p.includes("--"))).toEqual([]);
    expect(mediaPreludes(source).filter((p) => p.includes("--")).length).toBeGreaterThan(10);
  });

  it("builds the media queries from the breakpoints of requirements R10.2, 768 and 1000 px", () => {
    expect(CSS_CUSTOM_MEDIA).toEqual({
      "--below-small": "(max-width: 767px)",
      "--below-wide": "(max-width: 999px)",
      "--wide": "(min-width: 1000px)",
    });
    const preludes = new Set(mediaPreludes(output));
    for (const query of Object.values(CSS_CUSTOM_MEDIA)) expect(preludes).toContain(query);
    // Only the token queries and media features unrelated to those breakpoints remain.
    const tokenQueries = new Set(Object.values(CSS_CUSTOM_MEDIA));
    expect([...preludes].filter((p) => !tokenQueries.has(p)).sort()).toEqual(
      // 1279px: the header has room for the company phone only from 1280 px (with the admin controls too).
      // print: the recovery codes print without the workspace around them (decision 040).
      ["(max-width: 599px)", "(max-width: 1279px)", "(prefers-reduced-motion: reduce)", "(scripting: none)", "print"].sort(),
    );
  });

  it("defines the layout values of requirements R10.2 as custom properties at the top of the stylesheet", () => {
    // Requirements R10.2: header 100 px at z-index 999, spacers 100/60 px, the scroll button 60/50 px, fades 0.4 s and 1.5 s.
    expect(CSS_CUSTOM_PROPERTIES).toMatchObject({
      "--header-height": "100px",
      "--header-z": "999",
      "--spacer-wide": "100px",
      "--spacer-narrow": "60px",
      "--scroll-top-size": "60px",
      "--scroll-top-size-small": "50px",
      "--overlay-fade": "400ms",
      "--home-entrance": "1500ms",
      "--page-fade": "1500ms",
    });
    const root = /^[\s\S]*?:root\s*\{([^}]*)\}/.exec(withoutComments(output))?.[1] ?? "";
    for (const [name, value] of Object.entries(CSS_CUSTOM_PROPERTIES)) expect(root).toContain(`${name}: ${value};`);
  });

  it("leaves no var() of global.css undefined", () => {
    const css = withoutComments(output);
    const defined = new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
    const used = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]));
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
    for (const name of Object.keys(CSS_CUSTOM_PROPERTIES)) expect(used).toContain(name);
  });

  it("global.css itself holds none of the required layout values: they come from the tokens", () => {
    const css = withoutComments(source);
    for (const literal of ["999px", "1000px", "767px", "768px", "999;", "0.4s", "1.5s", "400ms", "1500ms"]) {
      expect(css, literal).not.toContain(literal);
    }
    expect(css).not.toMatch(/--header-height\s*:/);
    // Declarations still written with 100, 60 or 50 px are not the header, spacer or scroll button.
    const declarations = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selector, body]) =>
      body!
        .split(";")
        .map((d) => d.trim())
        .filter((d) => /\b(100|60|50)px\b/.test(d))
        .map((d) => `${selector!.trim()} { ${d} }`),
    );
    expect(declarations).toEqual([
      // The home logo's entrance starts 60 px above its place; the list thumbnails are 160 × 100 px.
      "from { transform: translateY(-60px) }",
      ".post-item__thumb { height: 100px }",
    ]);
  });

  it("refuses an unknown custom media query instead of shipping it", () => {
    expect(() => applyDesignTokens("@media (--tablet) { a { color: red } }", "test.css")).toThrow(/unknown custom media query \(--tablet\)/);
    expect(applyDesignTokens("@media (--wide) and (hover: hover) { a { color: red } }")).toContain(
      "@media (min-width: 1000px) and (hover: hover) {",
    );
  });

  it("the Vite plugin transforms global.css only", () => {
    const plugin = designTokens();
    const watched: string[] = [];
    const context = { addWatchFile: (file: string) => void watched.push(file) };
    expect(typeof plugin.transform).toBe("function");
    const transform = plugin.transform as unknown as (this: typeof context, code: string, id: string) => { code: string } | null;
    expect(transform.call(context, source, GLOBAL_CSS)?.code).toBe(output);
    expect(watched.some((file) => file.endsWith("app/domain/constants.ts"))).toBe(true);
    expect(transform.call(context, "@media (--wide) {}", "/elsewhere/other.css")).toBeNull();
  });
});

describe("the stylesheet's structure", () => {
  it("every rule of global.css is closed: its braces balance and never close more than they opened", () => {
    let depth = 0;
    for (const char of withoutComments(fs.readFileSync(GLOBAL_CSS, "utf8"))) {
      if (char === "{") depth += 1;
      else if (char === "}") depth -= 1;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth, "unclosed rules in global.css").toBe(0);
  });
});
