/**
 * An artist's showreels (issue 30, decision 046): links to videos on YouTube, Vimeo or Naver TV. What is
 * stored is the provider and the video's id, never the address as typed: the links, the players' addresses
 * and the structured data are built here from those two, so nothing a user typed reaches an `href` or a
 * frame's `src`. zod-free (the public player widget imports it); the rule lives in schemas.ts.
 */

export const REEL_PROVIDERS = ["youtube", "vimeo", "navertv"] as const;
export type ReelProvider = (typeof REEL_PROVIDERS)[number];

/** A stored reel: the provider, the video's id on it, and an optional short title. */
export interface Reel {
  provider: ReelProvider;
  id: string;
  title: string;
}

/** Most reels per artist. */
export const MAX_REELS = 5;
/** Longest address accepted (characters). */
export const MAX_REEL_URL_LENGTH = 500;
/** Longest title (characters). */
export const MAX_REEL_TITLE_LENGTH = 80;

export const REEL_URL_MESSAGE = "YouTube, Vimeo, 네이버TV 영상 주소만 넣을 수 있습니다.";

/** The providers' names as people read them. */
export const REEL_PROVIDER_NAMES: Record<ReelProvider, { ko: string; en: string }> = {
  youtube: { ko: "YouTube", en: "YouTube" },
  vimeo: { ko: "Vimeo", en: "Vimeo" },
  navertv: { ko: "네이버TV", en: "Naver TV" },
};

/** What a video id looks like on each provider (checked on the way in and again on the way out). */
const ID_PATTERNS: Record<ReelProvider, RegExp> = {
  youtube: /^[A-Za-z0-9_-]{11}$/,
  vimeo: /^[1-9][0-9]{0,11}$/,
  navertv: /^[1-9][0-9]{0,11}$/,
};

/** The players' hosts: privacy-enhanced where the provider has one. The CSP's `frame-src` lists exactly these. */
export const REEL_EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com", "https://tv.naver.com"] as const;

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);
const NAVER_HOSTS = new Set(["tv.naver.com", "m.tv.naver.com"]);

/** A stored value that is a well-formed reel (what the database gave back is checked again before use). */
export function isReel(value: unknown): value is Reel {
  if (typeof value !== "object" || value === null) return false;
  const { provider, id, title } = value as Record<string, unknown>;
  return (
    typeof provider === "string" &&
    (REEL_PROVIDERS as readonly string[]).includes(provider) &&
    typeof id === "string" &&
    ID_PATTERNS[provider as ReelProvider].test(id) &&
    typeof title === "string"
  );
}

/**
 * The provider and id of a video address as people copy it, or null when it is not one we take:
 * youtube.com/watch?v=ID, youtu.be/ID, youtube.com/shorts/ID, youtube.com/embed/ID; vimeo.com/ID;
 * tv.naver.com/v/ID, tv.naver.com/embed/ID. http or https (or no scheme); no user, password or port.
 */
export function parseReelUrl(input: string): { provider: ReelProvider; id: string } | null {
  const text = input.trim();
  if (text === "" || text.length > MAX_REEL_URL_LENGTH || /[\s\p{Cc}\p{Cf}]/u.test(text)) return null;
  // "youtu.be/abc" without a scheme is how addresses are often copied; any other scheme is refused.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  const found = (provider: ReelProvider, id: string | null | undefined) => (id && ID_PATTERNS[provider].test(id) ? { provider, id } : null);
  if (host === "youtu.be") return segments.length === 1 ? found("youtube", segments[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch") return found("youtube", url.searchParams.get("v"));
    if (segments.length === 2 && (segments[0] === "shorts" || segments[0] === "embed")) return found("youtube", segments[1]);
    return null;
  }
  if (VIMEO_HOSTS.has(host)) return segments.length === 1 ? found("vimeo", segments[0]) : null;
  if (NAVER_HOSTS.has(host)) return segments.length === 2 && (segments[0] === "v" || segments[0] === "embed") ? found("navertv", segments[1]) : null;
  return null;
}

/** The video's page on its host (the poster's link without JavaScript, the API's `url`). */
/** A reel's key in a casting package's choice: "youtube:dQw4w9WgXcQ". */
export function reelKey(reel: Pick<Reel, "provider" | "id">): string {
  return `${reel.provider}:${reel.id}`;
}

export function reelWatchUrl(reel: Pick<Reel, "provider" | "id">): string {
  switch (reel.provider) {
    case "youtube":
      return `https://www.youtube.com/watch?v=${reel.id}`;
    case "vimeo":
      return `https://vimeo.com/${reel.id}`;
    case "navertv":
      return `https://tv.naver.com/v/${reel.id}`;
  }
}

/** The player's address, on the privacy-enhanced host; `autoplay` when a click loads it. */
export function reelEmbedUrl(reel: Pick<Reel, "provider" | "id">, autoplay = false): string {
  switch (reel.provider) {
    case "youtube":
      return `https://www.youtube-nocookie.com/embed/${reel.id}${autoplay ? "?autoplay=1" : ""}`;
    case "vimeo":
      return `https://player.vimeo.com/video/${reel.id}?dnt=1${autoplay ? "&autoplay=1" : ""}`;
    case "navertv":
      return `https://tv.naver.com/embed/${reel.id}${autoplay ? "?autoPlay=true" : ""}`;
  }
}

/** The stored reels of a database value (anything malformed left out). */
export function storedReels(value: unknown): Reel[] {
  return Array.isArray(value) ? value.filter(isReel).map(({ provider, id, title }) => ({ provider, id, title })) : [];
}

/** A reel as the admin form holds it: the address (ours, or as typed when refused) and the title. */
export interface ReelFormValue {
  url: string;
  title: string;
}

export function reelFormValues(reels: readonly Reel[]): ReelFormValue[] {
  return reels.map((reel) => ({ url: reelWatchUrl(reel), title: reel.title }));
}

/** The artist form's name for its reels (LIST_MOVE_FIELD's "reels:1:up"; `#reels` is the new reel's address box). */
export const REELS_FIELD = "reels";

/** A submitted form's reel rows as sent, blank ones included (their indexes are the list buttons'). */
export function reelRowsFromForm(form: FormData): ReelFormValue[] {
  const urls = form.getAll("reelUrl").map((v) => (typeof v === "string" ? v.trim() : ""));
  const titles = form.getAll("reelTitle").map((v) => (typeof v === "string" ? v.trim() : ""));
  return urls.map((url, i) => ({ url, title: titles[i] ?? "" }));
}

/** A row with neither an address nor a title (ignored). */
export function isBlankReel(reel: ReelFormValue): boolean {
  return reel.url === "" && reel.title === "";
}

/** The reels of a submitted form: `reelUrl` and `reelTitle`, one pair per row; rows with neither dropped. */
export function reelsFromForm(form: FormData): ReelFormValue[] {
  return reelRowsFromForm(form).filter((reel) => !isBlankReel(reel));
}

/** A reel's name for people: its title, else "{name}의 영상 n" / "{name} showreel n". */
export function reelName(reel: Reel, index: number, artistName: string, locale: "ko" | "en"): string {
  if (reel.title) return reel.title;
  return locale === "en" ? `${artistName} – showreel ${index + 1}` : `${artistName} 영상 ${index + 1}`;
}
