/**
 * An image in a post as the editor places it (decision 043): a figure with the image, its alt text,
 * an optional caption and one size from a fixed list. The editor, the sanitizer and the post page's
 * styles read these names.
 */

export const POST_FIGURE_SIZES = ["small", "medium", "full"] as const;
export type PostFigureSize = (typeof POST_FIGURE_SIZES)[number];

export const POST_FIGURE_SIZE_LABELS: Record<PostFigureSize, string> = { small: "작게", medium: "중간", full: "전체 너비" };

/** The figure's own class; its size is a second class. */
export const POST_FIGURE_CLASS = "post-figure";

/** "post-figure--medium". */
export function postFigureSizeClass(size: PostFigureSize): string {
  return `${POST_FIGURE_CLASS}--${size}`;
}

/** The size a class list names, full width when none does. */
export function postFigureSizeOf(className: string | null | undefined): PostFigureSize {
  const classes = (className ?? "").split(/\s+/);
  return POST_FIGURE_SIZES.find((size) => classes.includes(postFigureSizeClass(size))) ?? "full";
}

/** Longest alt text and caption of an image in a post (characters). */
export const MAX_FIGURE_ALT_LENGTH = 300;
export const MAX_FIGURE_CAPTION_LENGTH = 300;

export const ALT_REQUIRED_MESSAGE = "대체 텍스트를 입력해 주세요. 글의 내용을 전하지 않는 장식용 이미지라면 ‘장식용 이미지’를 선택해 주세요.";

export interface PostFigure {
  src: string;
  alt: string;
  caption: string;
  size: PostFigureSize;
  width?: number;
  height?: number;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The figure's HTML as stored (the server also sanitizes it): what the no-JavaScript form appends. */
export function postFigureHtml(figure: PostFigure): string {
  const size = figure.width && figure.height ? ` width="${figure.width}" height="${figure.height}"` : "";
  const caption = figure.caption.trim() ? `<figcaption>${escapeHtml(figure.caption.trim())}</figcaption>` : "";
  return `<figure class="${POST_FIGURE_CLASS} ${postFigureSizeClass(figure.size)}"><img src="${escapeHtml(figure.src)}" alt="${escapeHtml(figure.alt.trim())}"${size}>${caption}</figure>`;
}
