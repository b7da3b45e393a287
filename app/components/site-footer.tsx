import { useCallback, useEffect, useRef, useState } from "react";
import { telHref } from "../lib/tel";
import { Link, useLocation } from "react-router";
import { localizedPath } from "../domain/locale";
import { PATHS } from "../domain/paths";
import { useLocale, useMessages } from "../lib/locale";

export interface FooterInfo {
  companyName: string;
  companyNameEn: string;
  address: string;
  /** The English pages' address. */
  addressEn?: string;
  phone: string;
  email: string;
  /** 대표자 and 사업자등록번호: shown only when filled (site settings). */
  representative: string;
  businessNumber: string;
}

/** How long the "already signed in" notice stays before it clears itself (ms). */
const NOTICE_MS = 8000;

/**
 * Site footer with company details and the small admin entry icon (requirements R3.4). When the administrator
 * is already signed in, the icon says so instead of opening the sign-in page. The footer lives in the
 * root layout, so the notice is tied to the page (history entry) it was asked on: it is gone after any
 * navigation, can be dismissed, and clears itself after a few seconds.
 */
export function SiteFooter({ info, isAdmin }: { info: FooterInfo | null; isAdmin: boolean }) {
  const location = useLocation();
  const t = useMessages().footer;
  const english = useLocale() === "en";
  // The location key of the page the notice was asked on, and when (each click restarts the timer).
  const [asked, setAsked] = useState<{ key: string; at: number } | null>(null);
  const notice = asked !== null && asked.key === location.key;
  const iconRef = useRef<HTMLAnchorElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const clear = useCallback(() => {
    // Focus on the close button, which is about to go, returns to the icon.
    if (closeRef.current !== null && closeRef.current === document.activeElement) iconRef.current?.focus();
    setAsked(null);
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(clear, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, asked, clear]);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">{info?.companyNameEn ?? "WE ENTERTAINMENT"}</div>
        {/* Korean sites set the privacy policy apart in bold: it is the link the law asks to be easy to find. */}
        <p className="site-footer__policies">
          {/* English pages link the English policy, which says that the Korean text governs (decision 065). */}
          <Link to={english ? localizedPath("en", PATHS.privacy) : PATHS.privacy} className="site-footer__privacy">
            {t.privacy}
          </Link>
        </p>
        {info ? (
          <address className="site-footer__contact">
            <span>{english ? info.companyNameEn : info.companyName}</span>
            <span>{english ? info.addressEn || info.address : info.address}</span>
            <span>
              TEL <a href={telHref(info.phone)}>{info.phone}</a>
            </span>
            <span>
              E-MAIL <a href={`mailto:${info.email}`}>{info.email}</a>
            </span>
            {info.representative ? (
              <span>
                {t.representative} {info.representative}
              </span>
            ) : null}
            {info.businessNumber ? (
              <span>
                {t.businessNumber} {info.businessNumber}
              </span>
            ) : null}
          </address>
        ) : null}
        <div className="site-footer__bottom">
          <p className="site-footer__copyright">ALL RIGHTS RESERVED. 2024 @ WE ENTERTAINMENT</p>
          <span className="site-footer__notice">
            <span role="status" aria-live="polite">
              {notice ? t.alreadySignedIn : ""}
            </span>
            {notice ? (
              <button ref={closeRef} type="button" className="site-footer__notice-close" onClick={clear}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t.closeNotice}</span>
              </button>
            ) : null}
          </span>
          <Link
            ref={iconRef}
            to="/adminLogin"
            className="site-footer__admin"
            aria-label={t.adminLogin}
            title={t.adminLogin}
            onClick={(event) => {
              if (!isAdmin) return;
              event.preventDefault();
              setAsked({ key: location.key, at: Date.now() });
            }}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="currentColor">
              <path d="M12 1a5 5 0 0 0-5 5v4H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 5a3 3 0 1 1 6 0v4H9z" />
            </svg>
          </Link>
        </div>
      </div>
    </footer>
  );
}
