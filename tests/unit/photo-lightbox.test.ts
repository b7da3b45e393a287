import { describe, expect, it } from "vitest";
import { largestImageUrl } from "../../app/islands/photo-lightbox";

describe("a gallery photo's large image", () => {
  it("is the widest candidate of its srcSet, whatever their order", () => {
    expect(largestImageUrl({ src: "/m/960.webp", srcSet: "/m/480.webp 480w, /m/1600.jpg 1600w, /m/960.webp 960w", width: 1600, height: 2133, alt: "" })).toBe("/m/1600.jpg");
  });

  it("is its src when it has no variants", () => {
    expect(largestImageUrl({ src: "/m/only.jpg", srcSet: "", width: 300, height: 400, alt: "" })).toBe("/m/only.jpg");
  });
});
