/**
 * The layout constants (requirements R10.2), handed to the stylesheet: app/domain/constants.ts is their only home.
 *
 * global.css reads them in two ways, both resolved at build time (and by the dev server):
 * - custom properties, injected as a `:root` block at the top of the file: `var(--header-height)`;
 * - custom media queries, which CSS cannot express with var(): `@media (--below-wide)` becomes
 *   `@media (max-width: 999px)`, computed from BREAKPOINT_WIDE.
 *
 * An unknown `--name` in a media query fails the build rather than reaching the browser unresolved.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import {
  BREAKPOINT_SMALL,
  BREAKPOINT_WIDE,
  HEADER_HEIGHT,
  HEADER_Z_INDEX,
  HOME_ENTRANCE_MS,
  OVERLAY_FADE_MS,
  PAGE_FADE_MS,
  SCROLL_TOP_SIZE,
  SCROLL_TOP_SIZE_SMALL,
  SPACER_NARROW,
  SPACER_WIDE,
} from "../domain/constants.ts";

/** Custom properties available to every rule (`var(--name)`). */
export const CSS_CUSTOM_PROPERTIES: Readonly<Record<string, string>> = {
  "--header-height": `${HEADER_HEIGHT}px`,
  "--header-z": String(HEADER_Z_INDEX),
  "--spacer-wide": `${SPACER_WIDE}px`,
  "--spacer-narrow": `${SPACER_NARROW}px`,
  "--scroll-top-size": `${SCROLL_TOP_SIZE}px`,
  "--scroll-top-size-small": `${SCROLL_TOP_SIZE_SMALL}px`,
  "--overlay-fade": `${OVERLAY_FADE_MS}ms`,
  "--home-entrance": `${HOME_ENTRANCE_MS}ms`,
  "--page-fade": `${PAGE_FADE_MS}ms`,
};

/**
 * Custom media queries (`@media (--name)`). Widths below a breakpoint end one pixel short of it, the
 * same split as the scripts' `matchMedia("(min-width: 1000px)")`.
 */
export const CSS_CUSTOM_MEDIA: Readonly<Record<string, string>> = {
  "--below-small": `(max-width: ${BREAKPOINT_SMALL - 1}px)`,
  "--below-wide": `(max-width: ${BREAKPOINT_WIDE - 1}px)`,
  "--wide": `(min-width: ${BREAKPOINT_WIDE}px)`,
};

/** `(--name)` inside an @media prelude. */
const CUSTOM_MEDIA_REFERENCE = /\(\s*(--[\w-]+)\s*\)/g;

/** global.css with the tokens applied: the `:root` block prepended and every custom media query resolved. */
export function applyDesignTokens(css: string, file = "stylesheet"): string {
  const resolved = css.replace(/@media\s+([^{;]+)/g, (rule, prelude: string) =>
    rule.replace(prelude, prelude.replace(CUSTOM_MEDIA_REFERENCE, (_, name: string) => {
      const query = CSS_CUSTOM_MEDIA[name];
      if (query === undefined) {
        throw new Error(`${file}: unknown custom media query (${name}); known: ${Object.keys(CSS_CUSTOM_MEDIA).join(", ")}`);
      }
      return query;
    })),
  );
  const declarations = Object.entries(CSS_CUSTOM_PROPERTIES)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join("\n");
  return `/* Layout constants (docs/requirements.md R10.2) from app/domain/constants.ts (app/styles/design-tokens.ts). */\n:root {\n${declarations}\n}\n\n${resolved}`;
}

const GLOBAL_CSS = fileURLToPath(new URL("./global.css", import.meta.url));
const CONSTANTS = fileURLToPath(new URL("../domain/constants.ts", import.meta.url));

/** Vite plugin: applies the tokens to app/styles/global.css, before Vite's own CSS handling. */
export function designTokens(): Plugin {
  return {
    name: "we-design-tokens",
    enforce: "pre",
    transform(code, id) {
      if (id.split("?")[0] !== GLOBAL_CSS) return null;
      // The dev server reloads the stylesheet when a constant changes.
      this.addWatchFile(CONSTANTS);
      return { code: applyDesignTokens(code, id), map: null };
    },
  };
}
