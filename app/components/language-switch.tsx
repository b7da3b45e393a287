import { Link, useLocation } from "react-router";
import { LOCALE_INFO, LOCALES, localeOfPath, switchLanguagePath } from "../domain/locale";
import { messagesFor } from "../domain/messages";

/**
 * KO | EN: the current language marked, the other a link to the same page in it (or, for a
 * page that exists only in Korean, the closest English page). In the header and in the overlay menu
 * (`inMenu`: a name of its own, so the two navigations are told apart while the menu is open).
 */
export function LanguageSwitch({ className, inMenu = false }: { className: string; inMenu?: boolean }) {
  const location = useLocation();
  const current = localeOfPath(location.pathname);
  const target = switchLanguagePath(location.pathname, location.search);
  const t = messagesFor(current).layout;
  return (
    <nav className={`language-switch ${className}`} aria-label={inMenu ? t.menuLanguageSwitch : t.languageSwitch}>
      <ul>
        {LOCALES.map((locale) => {
          const info = LOCALE_INFO[locale];
          return (
            <li key={locale}>
              {locale === current ? (
                <span className="language-switch__current" aria-current="true">
                  <abbr title={info.label} lang={info.lang}>
                    {info.switchLabel}
                  </abbr>
                </span>
              ) : (
                <Link to={target.path} hrefLang={info.hreflang} lang={info.lang} className="language-switch__link">
                  <span aria-hidden="true">{info.switchLabel}</span>
                  <span className="visually-hidden">{info.label}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
