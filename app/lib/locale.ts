import { useLocation } from "react-router";
import { localeOfPath, localizedPath, type Locale } from "../domain/locale";
import { messagesFor, type Messages } from "../domain/messages";

/**
 * The page's language, from its path (English under /en). Read from the location, not from a loader,
 * so it is right on the server, on hydration and after every client navigation.
 */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** The fixed texts of the page's language. */
export function useMessages(): Messages {
  return messagesFor(useLocale());
}

/** Turns a Korean path into the page's language: links on English pages stay on English pages. */
export function useLocalizedPath(): (basePath: string) => string {
  const locale = useLocale();
  return (basePath) => localizedPath(locale, basePath);
}
