import type { Locale } from "../domain/locale";
import { PROFILE_PDF_LABELS } from "../domain/profile-pdf-labels";
import { artistProfilePdfPath } from "../domain/paths";

/** "프로필 PDF" / "Profile PDF": downloads the artist's casting profile in the page's language. */
export function ProfilePdfLink({ name, locale }: { name: string; locale: Locale }) {
  return (
    <a className="button button--ghost button--small profile-pdf-link" href={artistProfilePdfPath(name, locale)} download type="application/pdf">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      {PROFILE_PDF_LABELS[locale].button}
    </a>
  );
}
