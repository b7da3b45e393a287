import { describe, expect, it } from "vitest";
import { publicMediaRewrite } from "../../app/server/pipeline/public-media-urls.server";

const CDN = "https://cdn.example.com/media";
const key = "2026/11/0123456789abcdef0123456789abcdef";
const page = (path: string) => new URL(path, "https://we.example");

describe("public media URLs (MEDIA_PUBLIC_URL)", () => {
  const rewrite = publicMediaRewrite({ MEDIA_PUBLIC_URL: CDN, PUBLIC_ORIGIN: undefined }, page("/newsDetail/1"))!;

  it("points stored images' /media URLs at the public base: attributes, srcset, escaped JSON, this site's absolute URLs", () => {
    expect(rewrite(`<img src="/media/${key}.jpg" srcset="/media/${key}-480.webp 480w, /media/${key}.jpg 1200w">`)).toBe(
      `<img src="${CDN}/${key}.jpg" srcset="${CDN}/${key}-480.webp 480w, ${CDN}/${key}.jpg 1200w">`,
    );
    expect(rewrite(`["content","<img src=\\"/media/${key}.png\\">","thumbnail","/media/${key}-480.webp"]`)).toBe(
      `["content","<img src=\\"${CDN}/${key}.png\\">","thumbnail","${CDN}/${key}-480.webp"]`,
    );
    expect(rewrite(`<p>/media/${key}.gif</p>`)).toBe(`<p>${CDN}/${key}.gif</p>`);
    expect(rewrite(`{"image":"https://we.example/media/${key}.jpg"}`)).toBe(`{"image":"${CDN}/${key}.jpg"}`);
    // The origin is PUBLIC_ORIGIN when set (the address the pages' absolute URLs are made with).
    const behindProxy = publicMediaRewrite({ MEDIA_PUBLIC_URL: CDN, PUBLIC_ORIGIN: "https://www.we.example" }, new URL("http://10.0.0.5:3000/"))!;
    expect(behindProxy(`"https://www.we.example/media/${key}.jpg"`)).toBe(`"${CDN}/${key}.jpg"`);
  });

  it("leaves everything else alone: other hosts, other paths under /media, look-alikes", () => {
    const untouched = [
      `<meta content="https://other.example/media/${key}.jpg">`,
      `<meta content="https://we.example.evil/media/${key}.jpg">`,
      `<a href="/media/share/artist/1-ko-0123456789abcdef.jpg">`,
      `<a href="/files/${key}.jpg">`,
      `<img src="/media/${key}.jpg.html">`,
      `<img src="/media/${key}.svg">`,
      `<img src="/x/media/${key}.jpg">`,
      `<img src="/media/2026/11/notahexname.jpg">`,
    ];
    for (const html of untouched) expect(rewrite(html), html).toBe(html);
  });

  it("reads nothing in the base URL as a replacement pattern", () => {
    const odd = publicMediaRewrite({ MEDIA_PUBLIC_URL: "https://cdn.example.com/$&", PUBLIC_ORIGIN: undefined }, page("/"))!;
    expect(odd(`"/media/${key}.jpg"`)).toBe(`"https://cdn.example.com/$&/${key}.jpg"`);
  });

  it("is off without MEDIA_PUBLIC_URL and on the admin pages (their forms post /media URLs back)", () => {
    expect(publicMediaRewrite({ MEDIA_PUBLIC_URL: undefined, PUBLIC_ORIGIN: undefined }, page("/newsDetail/1"))).toBeNull();
    for (const pathname of ["/adminNewsWrite/3", "/adminNewsWrite/3.data", "/admin/media", "/adminActor/배우"]) {
      expect(publicMediaRewrite({ MEDIA_PUBLIC_URL: CDN, PUBLIC_ORIGIN: undefined }, page(pathname)), pathname).toBeNull();
    }
    for (const pathname of ["/", "/artist/배우.data", "/en/news", "/newsDetail/4"]) {
      expect(publicMediaRewrite({ MEDIA_PUBLIC_URL: CDN, PUBLIC_ORIGIN: undefined }, page(pathname)), pathname).not.toBeNull();
    }
  });
});
