import { POST_KIND_INFO, type PostKind } from "./post-kinds";

/** Where a stored image is shown: an artist's photo slot or a post's content (trashed ones included). */
export type MediaUse =
  | { entity: "artist"; id: number; name: string; inTrash: boolean }
  | { entity: "post"; kind: PostKind; id: number; title: string; inTrash: boolean };

/** The media library's filter: every image, the ones something shows, the ones nothing shows. */
export const MEDIA_USE_FILTERS = ["all", "used", "unused"] as const;
export type MediaUseFilter = (typeof MEDIA_USE_FILTERS)[number];
export const MEDIA_USE_FILTER_LABELS: Record<MediaUseFilter, string> = { all: "전체", used: "사용 중", unused: "사용하지 않음" };

/** "배우 ‘한서윤’", "뉴스 ‘새 드라마 캐스팅’": a use as the warnings and lists name it. */
export function mediaUseLabel(use: MediaUse): string {
  return use.entity === "artist" ? `배우 ‘${use.name}’` : `${POST_KIND_INFO[use.kind].label} ‘${use.title}’`;
}

/** "이 이미지는 배우 ‘홍길동’, 뉴스 ‘...’에서 쓰고 있습니다." */
export function mediaInUseMessage(uses: (MediaUse | { label: string; inTrash: boolean })[]): string {
  const named = uses.map((u) => ("label" in u ? u.label : mediaUseLabel(u)) + (u.inTrash ? "(휴지통)" : ""));
  return `이 이미지는 ${named.join(", ")}에서 쓰고 있습니다.`;
}

/** A human-readable file size: "812 KB", "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A stored image as the pickers offer it (the editors' dialog, and the forms' thumbnails without JavaScript). */
export interface LibraryImage {
  id: number;
  url: string;
  thumbnail: string;
  width: number;
  height: number;
  alt: string;
  fileName: string;
  uploadedAt: string;
}

/** One page of the pickers' images, newest first, for a search (or none: ""). */
export interface LibraryPage {
  page: number;
  pageCount: number;
  total: number;
  query: string;
  items: LibraryImage[];
}

/**
 * The forms' pickers without JavaScript search the library by submitting the form with
 * `intent=find-images:{picker}` and the words in `{picker}Query`; the form comes back with everything
 * typed and that picker showing what was found (decision 043).
 */
export const FIND_IMAGES_INTENT = "find-images:";
export const pickerQueryField = (picker: string) => `${picker}Query`;
/** Each picker of a form names itself here, for Enter in its search box (DefaultSave's "default" intent). */
export const PICKERS_FIELD = "pickers";
/** The intent of a form's default button (Enter in a text box): a save, unless a picker's words changed. */
export const DEFAULT_INTENT = "default";

/** What one picker of a form found (the reply to a search without JavaScript). */
export interface LibrarySearch {
  /** The picker's field name ("featuredImagePick", "libraryImage2"). */
  for: string;
  query: string;
  page: LibraryPage;
}

/** The library as a form's pickers get it: the newest page, and what one picker's search found (if it searched). */
export type PickerLibrary = LibraryPage & { search?: LibrarySearch | null };

/** How the library and the pickers name an image: its alt text, else the name it was uploaded under, else its number. */
export function mediaName(item: { id: number; alt: string; fileName?: string }): string {
  return item.alt || item.fileName || `이미지 #${item.id}`;
}

/** How a picker names an image: its alt text or number, with its size ("무대 인사 사진 (#12, 1200×800)"). */
export function mediaChoiceLabel(item: { id: number; alt: string; width: number; height: number; fileName?: string }): string {
  const name = mediaName(item);
  return `${name} (${item.width}×${item.height})`;
}
