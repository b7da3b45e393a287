/**
 * The casting profile PDF of an artist: its file name and the words only it prints, per
 * language. The field labels ("생년월일"/"Date of birth", the lists') come from the artist field model
 * (artist-fields.ts `label.ko` / `label.en`), the contact words from messages.ts. Its address is
 * `artistProfilePdfPath` in site-routes.ts.
 */
import type { Locale } from "./locale";

export interface ProfilePdfLabels {
  /** The download button on the artist page. */
  button: string;
  /** Top right of every page. */
  documentKind: string;
  /** PDF metadata title: "한서윤 (HAN SEOYOON) 배우 프로필". */
  documentTitle: (main: string, other: string) => string;
  /** Heading above the credits. */
  credits: string;
  /** Heading of a category that goes on in the next column or page. */
  continued: (title: string) => string;
  /** Printed where entries had to be left out for lack of room (two pages at most). */
  more: (count: number) => string;
  /** The same, in a casting package's PDF: the rest is on the package's page of the artist. */
  moreInPackage: (count: number) => string;
  /** Where the main photo would be. */
  noPhoto: string;
  /** The PDF's language (PDF /Lang). */
  lang: string;
}

export const PROFILE_PDF_LABELS: Record<Locale, ProfilePdfLabels> = {
  ko: {
    button: "프로필 PDF",
    documentKind: "배우 프로필",
    documentTitle: (main, other) => `${main}${other ? ` (${other})` : ""} 배우 프로필`,
    credits: "경력",
    continued: (title) => `${title} (계속)`,
    more: (count) => `외 ${count}건은 홈페이지 프로필에서 볼 수 있습니다.`,
    moreInPackage: (count) => `외 ${count}건은 캐스팅 제안 페이지의 프로필에서 볼 수 있습니다.`,
    noPhoto: "사진 준비 중",
    lang: "ko-KR",
  },
  en: {
    button: "Profile PDF",
    documentKind: "ACTOR PROFILE",
    documentTitle: (main, other) => `${main}${other ? ` (${other})` : ""}: actor profile`,
    credits: "Credits",
    continued: (title) => `${title} (continued)`,
    more: (count) => `${count} more ${count === 1 ? "credit" : "credits"} on the online profile.`,
    moreInPackage: (count) => `${count} more ${count === 1 ? "credit" : "credits"} on the artist's page of this proposal.`,
    noPhoto: "Photo to follow",
    lang: "en-US",
  },
};

/** Height as shown: "168cm" for a bare number, otherwise as entered (the artist page's rule). */
export function formatHeight(cm: string): string {
  return /^\d+(\.\d+)?$/.test(cm) ? `${cm}cm` : cm;
}

/**
 * The download's file name: "한서윤-profile.pdf" (Korean) or "HAN-SEOYOON-profile.pdf" (English), and an
 * ASCII one for clients that ignore RFC 5987 (the English name's letters and digits, else "artist").
 */
export function profilePdfFileNames(name: string, nameEn: string, locale: Locale): { unicode: string; ascii: string } {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60);
  const asciiStem = slug(nameEn) || "artist";
  const stem = locale === "en" && slug(nameEn) ? asciiStem : name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, "").trim() || asciiStem;
  return { unicode: `${stem}-profile.pdf`, ascii: `${asciiStem}-profile.pdf` };
}
