/** An image with its WebP variants, ready for `<img srcSet>`. Built on the server, rendered anywhere. */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  /** Alternative text from the media library ("" when none: the page's own wording is used). */
  alt: string;
}

export interface MediaLike {
  url: string;
  width: number;
  height: number;
  alt?: string;
  variants: { width: number; url: string }[];
}

/**
 * Uses the 960 px variant (or the widest below it) as `src`; `srcSet` lists the variants and, when it
 * is wider than all of them, the stored original.
 */
export function toResponsiveImage(media: MediaLike): ResponsiveImage {
  const variants = [...media.variants].sort((a, b) => a.width - b.width);
  const fallback = [...variants].reverse().find((v) => v.width <= 960) ?? variants[0];
  const candidates = variants.map((v) => `${v.url} ${v.width}w`);
  if (variants.length > 0 && media.width > variants[variants.length - 1]!.width) candidates.push(`${media.url} ${media.width}w`);
  return {
    src: fallback?.url ?? media.url,
    srcSet: candidates.join(", "),
    width: media.width,
    height: media.height,
    alt: media.alt ?? "",
  };
}
