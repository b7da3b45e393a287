import { describe, expect, it } from "vitest";
import { toResponsiveImage } from "../../app/lib/responsive-image";

describe("responsive images", () => {
  it("uses the 960 variant as src and lists every variant and the wider original", () => {
    const image = toResponsiveImage({
      url: "/media/o.jpg",
      width: 2000,
      height: 1500,
      variants: [
        { width: 1600, url: "/media/o-1600.webp" },
        { width: 480, url: "/media/o-480.webp" },
        { width: 960, url: "/media/o-960.webp" },
      ],
    });
    expect(image).toEqual({
      src: "/media/o-960.webp",
      srcSet: "/media/o-480.webp 480w, /media/o-960.webp 960w, /media/o-1600.webp 1600w, /media/o.jpg 2000w",
      width: 2000,
      height: 1500,
      alt: "",
    });
  });

  it("falls back to the original when there are no variants", () => {
    expect(toResponsiveImage({ url: "/media/s.png", width: 300, height: 200, variants: [] })).toEqual({
      src: "/media/s.png",
      srcSet: "",
      width: 300,
      height: 200,
      alt: "",
    });
  });

  it("carries the media library's alt text", () => {
    expect(toResponsiveImage({ url: "/media/a.jpg", width: 10, height: 10, alt: "무대 인사", variants: [] }).alt).toBe("무대 인사");
  });
});
