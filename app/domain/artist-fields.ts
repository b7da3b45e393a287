/**
 * The artist's fields (spec §3) with their Korean labels, limits and where they show. The schema, the
 * zod input schema (and through it the OpenAPI document), the admin form, the profile page, the JSON
 * API and the demo content all read this list.
 */

export interface ArtistTextField {
  key: "name" | "nameEn" | "birthday" | "height" | "socialLink";
  /** The field's name in the original site's JSON API (spec §7), which only the API adapter speaks. */
  seedName: string;
  /** Korean label, as the admin form and messages say it. */
  label: string;
  /** Longest accepted value (characters). */
  maxLength: number;
  /** Form hint, e.g. "예: 1995.03.14". */
  placeholder?: string;
}

export const ARTIST_TEXT_FIELDS = [
  { key: "name", seedName: "name", label: "이름", maxLength: 30 },
  { key: "nameEn", seedName: "ename", label: "영문 이름", maxLength: 60 },
  { key: "birthday", seedName: "birthday", label: "생년월일", maxLength: 30, placeholder: "예: 1995.03.14" },
  { key: "height", seedName: "cm", label: "키", maxLength: 10 },
  { key: "socialLink", seedName: "insta", label: "SNS 주소", maxLength: 300, placeholder: "https://www.instagram.com/..." },
] as const satisfies readonly ArtistTextField[];

export type ArtistTextKey = (typeof ARTIST_TEXT_FIELDS)[number]["key"];

export interface ArtistListFieldInfo {
  key: string;
  /** The field's name in the original site's JSON API (spec §7), which only the API adapter speaks. */
  seedName: string;
  /** Database column (snake case of the key). */
  column: string;
  /** Korean label: the admin form, the profile table and the credits headings say it. */
  label: string;
  /** What the English pages say instead. */
  labelEn: string;
  /** English heading of a credits section on the profile page ("MOVIE"); profile rows have none. */
  title?: string;
  /** The credits section's id on the profile page (kept from the original site's, so links into it hold). */
  anchor?: string;
  /** Where the profile page shows it: in the profile table, or as a credits section. */
  section: "profile" | "credits";
  /** Form hint for one entry. */
  placeholder: string;
}

/** The eight list fields, in the spec's order (§3). */
export const ARTIST_LIST_FIELD_INFO = [
  { key: "education", seedName: "schoolList", column: "school_list", label: "학력", labelEn: "Education", section: "profile", placeholder: "예: 한국예술종합학교 연기과 졸업" },
  { key: "awards", seedName: "winList", column: "win_list", label: "수상", labelEn: "Awards", section: "profile", placeholder: "예: 2025 청룡영화상 신인여우상" },
  { key: "specialSkills", seedName: "hobbyList", column: "hobby_list", label: "특기", labelEn: "Skills", section: "profile", placeholder: "예: 현대무용" },
  { key: "films", seedName: "movieList", column: "movie_list", label: "영화", labelEn: "Film", title: "MOVIE", anchor: "credits-movieList", section: "credits", placeholder: "예: 2025 영화 〈제목〉 주연 '역할' 역" },
  { key: "dramas", seedName: "dramaList", column: "drama_list", label: "드라마", labelEn: "Television", title: "DRAMA", anchor: "credits-dramaList", section: "credits", placeholder: "예: 2024 드라마 〈제목〉 조연 '역할' 역" },
  { key: "theater", seedName: "playList", column: "play_list", label: "연극", labelEn: "Stage", title: "THEATER", anchor: "credits-playList", section: "credits", placeholder: "예: 2022 연극 〈제목〉 '역할' 역" },
  { key: "commercials", seedName: "cfList", column: "cf_list", label: "광고", labelEn: "Commercials", title: "CF", anchor: "credits-cfList", section: "credits", placeholder: "예: 2024 브랜드 TV 광고" },
  { key: "books", seedName: "bookList", column: "book_list", label: "도서·화보", labelEn: "Books & magazines", title: "BOOK", anchor: "credits-bookList", section: "credits", placeholder: "예: 2023 《매거진》 3월호 화보" },
] as const satisfies readonly ArtistListFieldInfo[];

export type ArtistListField = (typeof ARTIST_LIST_FIELD_INFO)[number]["key"];

/** The list fields' keys, in order. */
export const ARTIST_LIST_FIELDS: readonly ArtistListField[] = ARTIST_LIST_FIELD_INFO.map((f) => f.key);

/** The artist's own data (what a save writes), images aside. */
export type ArtistFields = Record<ArtistTextKey, string> & Record<ArtistListField, string[]>;

/** An artist with every field empty. */
export function emptyArtistFields(): ArtistFields {
  return {
    ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.key, ""])) as Record<ArtistTextKey, string>),
    ...(Object.fromEntries(ARTIST_LIST_FIELDS.map((key) => [key, []])) as unknown as Record<ArtistListField, string[]>),
  };
}

/** Only the artist fields of a larger record (a database row, a form's values). */
export function pickArtistFields(source: ArtistFields): ArtistFields {
  return {
    ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.key, source[f.key]])) as Record<ArtistTextKey, string>),
    ...(Object.fromEntries(ARTIST_LIST_FIELDS.map((key) => [key, source[key]])) as Record<ArtistListField, string[]>),
  };
}

/**
 * The English version of a profile, entered next to the Korean one. The English name is the
 * `nameEn` field; height and the social link read the same in both languages. A list left empty shows the
 * Korean entries on the English page (with a note), never an empty section.
 */
export type ArtistEnglish = { birthday?: string } & Partial<Record<ArtistListField, string[]>>;

