/**
 * The site's two languages (decision 019): Korean at the original addresses (requirements R2.1), English under `/en`. Every public
 * page that has an English version has it at the same path behind the prefix (`/artist/한서윤` →
 * `/en/artist/한서윤`, `/` → `/en`), the online application and the privacy policy included (decision
 * 065: an English translation beside the Korean text, which governs). Pages that exist only in Korean
 * (the admin's) have no English address; the language switch leads to the closest English page.
 */

export const LOCALES = ["ko", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** The path prefix of the English pages. */
export const ENGLISH_PREFIX = "/en";

/** `lang` attribute, hreflang and Open Graph locale of each language. */
export const LOCALE_INFO: Record<Locale, { lang: string; hreflang: string; ogLocale: string; label: string; switchLabel: string }> = {
  ko: { lang: "ko", hreflang: "ko", ogLocale: "ko_KR", label: "한국어", switchLabel: "KO" },
  en: { lang: "en", hreflang: "en", ogLocale: "en_US", label: "English", switchLabel: "EN" },
};

/** The language of a request path: English under `/en`, Korean elsewhere. */
export function localeOfPath(pathname: string): Locale {
  return pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`) ? "en" : "ko";
}

/** The Korean path behind a path of either language: "/en/company" → "/company", "/en" → "/". */
export function basePathOf(pathname: string): string {
  if (localeOfPath(pathname) === "ko") return pathname;
  return pathname.slice(ENGLISH_PREFIX.length) || "/";
}

/** A Korean path in a language: `localizedPath("en", "/company")` → "/en/company"; "/" → "/en". */
export function localizedPath(locale: Locale, basePath: string): string {
  if (locale === "ko") return basePath;
  if (basePath === "/") return ENGLISH_PREFIX;
  if (basePath.startsWith("/?") || basePath.startsWith("/#")) return `${ENGLISH_PREFIX}${basePath.slice(1)}`;
  return `${ENGLISH_PREFIX}${basePath}`;
}

/**
 * Korean paths (route patterns' fixed parts) that have an English version. The rest (the admin, the
 * API) are Korean only.
 */
const ENGLISH_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/company$/,
  /^\/artist$/,
  /^\/artist\/[^/]+$/,
  /^\/artist\/[^/]+\/profile\.pdf$/,
  /^\/audition$/,
  /^\/audition\/apply(?:\/submit|\/complete)?$/,
  /^\/privacy$/,
  /^\/pr$/,
  /^\/(news|notice)$/,
  /^\/(news|notice)\/rss\.xml$/,
  /^\/(news|notice)Detail\/[^/]+$/,
];

/** Whether a Korean path (without query) has an English version. */
export function hasEnglishVersion(basePath: string): boolean {
  const path = basePath.split(/[?#]/)[0]!;
  return ENGLISH_PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * Where the language switch leads from a path: the same page in the other language, or, for a page
 * that exists only in Korean, the English home page.
 */
export function switchLanguagePath(pathname: string, search = ""): { locale: Locale; path: string } {
  const current = localeOfPath(pathname);
  const base = basePathOf(pathname);
  if (current === "en") return { locale: "ko", path: `${base}${search}` };
  if (hasEnglishVersion(base)) return { locale: "en", path: `${localizedPath("en", base)}${search}` };
  return { locale: "en", path: localizedPath("en", "/") };
}

/** Both languages' paths of a page that has an English version (hreflang alternates, sitemap, purges). */
export function bothLanguagePaths(basePath: string): string[] {
  return hasEnglishVersion(basePath) ? [basePath, localizedPath("en", basePath)] : [basePath];
}

/**
 * The language a route serves, from its pattern (loaders get it as `pattern`, with or without the
 * leading slash): the English routes are the /en copies of the Korean ones (site-routes.ts).
 */
export function localeOfPattern(pattern: string): Locale {
  return localeOfPath(pattern.startsWith("/") ? pattern : `/${pattern}`);
}
