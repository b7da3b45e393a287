/**
 * Casting packages (decision 047): a curated, private selection of artists sent to one production.
 * The rules and words both the workspace and the recipient's pages use.
 */
import type { ArtistListField } from "./artist-fields";
import type { Locale } from "./locale";

/** A new package's link works this many days unless the agency picks another date. */
export const PACKAGE_DEFAULT_DAYS = 30;
/** The furthest an expiry date may be set (a link is not forever). */
export const PACKAGE_MAX_DAYS = 365;
/**
 * A package, and all that is recorded about its recipient (their name and e-mail, visits, answers), is
 * deleted this many days after its link closed (expired or revoked): long enough to look back on a
 * season's castings, no longer (PIPA Art. 21). Listed in /privacy.
 */
export const PACKAGE_RETENTION_DAYS = 365;
/** Artists in one package at most. */
export const MAX_PACKAGE_ARTISTS = 30;
export const MAX_PACKAGE_TITLE = 120;
export const MAX_PACKAGE_MESSAGE = 2000;
export const MAX_PACKAGE_NOTE = 500;
/**
 * The recipient's message, counted as the form's textarea counts it (its `maxlength`: UTF-16 code units,
 * so a Hangul syllable is one and a line break one) once line breaks are LF and the ends trimmed, as stored.
 */
export const MAX_ANSWER_MESSAGE = 1000;
/** Answers one package takes in 24 hours at most: a script posting in a loop fills nothing. */
export const MAX_ANSWERS_PER_DAY = 300;
/** A visit ends after this long without a request: the next request counts as a new visit. */
export const PACKAGE_VISIT_IDLE_MS = 30 * 60 * 1000;
/** Answers within this long of the last answer notice make no new e-mail (the overview still lists them). */
export const ANSWER_NOTICE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Messengers and mail services fetch a link as soon as it is pasted or received, to draw a preview:
 * such a fetch is not the recipient opening the package, so it is neither a visit nor a first-open
 * notice. (KakaoTalk's scraper, Slack, Facebook, X, WhatsApp, Telegram, Discord, LinkedIn, Naver's and
 * Daum's crawlers, Google's and Bing's.)
 */
const LINK_PREVIEW_AGENTS = /kakaotalk-scrap|slackbot|slack-imgproxy|facebookexternalhit|facebot|twitterbot|whatsapp|telegrambot|discordbot|linkedinbot|yeti\/|daumoa|googlebot|bingbot|google-inspectiontool|applebot|skypeuripreview|microsoftpreview/i;

export function isLinkPreviewAgent(userAgent: string | null): boolean {
  return userAgent !== null && LINK_PREVIEW_AGENTS.test(userAgent);
}

/** The token: 32 random bytes, base64url (256 bits). Anything else is not looked up. */
export const PACKAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The career lists credits are highlighted from. */
export const CREDIT_FIELDS: readonly ArtistListField[] = ["dramas", "films", "theater", "commercials", "awards"];

export const PACKAGE_MARKS = ["interested", "hold"] as const;
export type PackageMark = (typeof PACKAGE_MARKS)[number];

export function isPackageMark(value: unknown): value is PackageMark {
  return typeof value === "string" && (PACKAGE_MARKS as readonly string[]).includes(value);
}

export const PACKAGE_LOCALE_LABELS: Record<Locale, string> = { ko: "한국어", en: "영어" };

/** How the workspace names a mark. */
export const MARK_LABELS_KO: Record<PackageMark, string> = { interested: "관심 있음", hold: "보류" };

/** The recipient's pages, in the package's language. */
export const RECIPIENT_COPY = {
  ko: {
    from: "위이엔터테인먼트가 보내는 캐스팅 제안",
    to: (company: string, name: string) => `${company} ${name}님께`,
    validUntil: (date: string) => `이 링크는 ${date}까지 열 수 있습니다.`,
    artistsHeading: "제안 배우",
    age: (n: number) => `만 ${n}세`,
    height: (cm: string) => `${cm}cm`,
    open: "프로필 보기",
    back: "패키지로 돌아가기",
    packagePdf: "전체 PDF 내려받기",
    packagePdfHint: "표지와 배우별 프로필 한 장씩",
    profilePdf: "프로필 PDF",
    note: "회사 메모",
    photos: "사진",
    filmography: "출연작과 경력",
    reels: "영상",
    highlighted: "주요 출연작",
    yourAnswer: "이 배우에 대한 의견",
    markInterested: "관심 있음",
    markHold: "보류",
    marksLabel: "이 배우에 대한 표시",
    marksHint: "누른 표시가 회사에 전해집니다. 언제든 바꿀 수 있습니다.",
    messageLabel: "메시지 (선택)",
    messageHint: "회사에 전할 말이 있으면 적어 주세요. 최대 1,000자.",
    messageTooLong: (max: string, length: string) => `메시지는 ${max}자까지 쓸 수 있습니다. 지금 ${length}자입니다.`,
    send: "메시지 보내기",
    saved: "전달했습니다. 감사합니다.",
    answerError: "전달하지 못했습니다. 관심 있음이나 보류를 누르거나 메시지를 적어 다시 보내 주세요.",
    previewNotice: "관리자 미리보기입니다. 방문과 답변으로 기록되지 않습니다.",
    goneTitle: "이 캐스팅 제안은 더 이상 볼 수 없습니다",
    goneBody: "링크의 기간이 끝났거나 회사에서 링크를 닫았습니다. 다시 보시려면 아래로 연락해 주세요.",
    contactPhone: "전화",
    contactEmail: "이메일",
    notFoundTitle: "페이지를 찾을 수 없습니다",
    notFoundBody: "주소를 다시 확인해 주세요.",
  },
  en: {
    from: "A casting proposal from WE ENTERTAINMENT",
    to: (company: string, name: string) => `For ${name}, ${company}`,
    validUntil: (date: string) => `This link is open until ${date} (Korea time).`,
    artistsHeading: "Proposed artists",
    age: (n: number) => `Age ${n}`,
    height: (cm: string) => `${cm} cm`,
    open: "View profile",
    back: "Back to the package",
    packagePdf: "Download the package (PDF)",
    packagePdfHint: "A cover and a one-page profile of each artist",
    profilePdf: "Profile PDF",
    note: "A note from the agency",
    photos: "Photos",
    filmography: "Credits and career",
    reels: "Showreel",
    highlighted: "Selected credits",
    yourAnswer: "Your response",
    markInterested: "Interested",
    markHold: "On hold",
    marksLabel: "Your mark for this artist",
    marksHint: "The agency sees the mark you choose. You can change it at any time.",
    messageLabel: "Message (optional)",
    messageHint: "Anything you would like to tell the agency. Up to 1,000 characters.",
    messageTooLong: (max: string, length: string) => `A message can be up to ${max} characters. This one has ${length}.`,
    send: "Send message",
    saved: "Sent. Thank you.",
    answerError: "That was not sent. Choose Interested or On hold, or write a message, and try again.",
    previewNotice: "Staff preview: not recorded as a visit or a response.",
    goneTitle: "This casting proposal is no longer available",
    goneBody: "The link has expired or the agency has closed it. To see it again, please contact us.",
    contactPhone: "Phone",
    contactEmail: "Email",
    notFoundTitle: "Page not found",
    notFoundBody: "Please check the address.",
  },
} as const;

export type RecipientCopy = (typeof RECIPIENT_COPY)[Locale];

/** The mark's label in the package's language. */
export function markLabel(mark: PackageMark, locale: Locale): string {
  const copy = RECIPIENT_COPY[locale];
  return mark === "interested" ? copy.markInterested : copy.markHold;
}

/** The refusal of a message over MAX_ANSWER_MESSAGE, with its length, in the package's language. */
export function messageTooLong(length: number, locale: Locale): string {
  const count = (n: number) => n.toLocaleString("en-US");
  return RECIPIENT_COPY[locale].messageTooLong(count(MAX_ANSWER_MESSAGE), count(length));
}

/** Age in full years from a birthday as entered ("1995.03.14", "1995-03-14"), or null. */
export function ageFromBirthday(birthday: string, today: string): number | null {
  const match = /^(\d{4})[.\-/ ]\s*(\d{1,2})[.\-/ ]\s*(\d{1,2})/.exec(birthday.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= 0 && age < 130 ? age : null;
}
