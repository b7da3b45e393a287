/** An image with its WebP variants, ready for `<img srcSet>`. Built on the server, rendered anywhere. */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface MediaLike {
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/** Uses the 960 px variant (or the widest below it) as `src`, all variants in `srcSet`. */
export function toResponsiveImage(media: MediaLike): ResponsiveImage {
  const variants = [...media.variants].sort((a, b) => a.width - b.width);
  const fallback = [...variants].reverse().find((v) => v.width <= 960) ?? variants[0];
  return {
    src: fallback?.url ?? media.url,
    srcSet: variants.length > 0 ? variants.map((v) => `${v.url} ${v.width}w`).join(", ") : "",
    width: media.width,
    height: media.height,
  };
}
