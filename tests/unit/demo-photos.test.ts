import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES } from "../../app/server/seed/demo-content.server";
import { demoPhoto, demoPhotoName, findDemoPhotosFolder, renderDemoPortrait, renderDemoScene } from "../../app/server/seed/demo-images.server";
import { demoScenePalette } from "../../app/server/seed/seed.server";

const postsWithPhoto = [...DEMO_NEWS, ...DEMO_NOTICES].flatMap((post, i) =>
  post.html.includes("{{IMAGE}}") || post.htmlEn?.includes("{{IMAGE}}") ? [i] : [],
);

describe("the committed demo photos (npm run seed:photos)", () => {
  const folder = findDemoPhotosFolder();

  it("are exactly the photos the seeding needs", () => {
    expect(folder).not.toBeNull();
    const needed = [
      ...DEMO_ARTISTS.flatMap((artist) => Array.from({ length: artist.imageCount }, (_, i) => demoPhotoName("portrait", artist.palette, i))),
      ...postsWithPhoto.map((i) => demoPhotoName("scene", demoScenePalette(i), i)),
    ];
    expect(fs.readdirSync(folder!).sort()).toEqual([...new Set(needed)].sort());
  });

  it("are what the drawing code draws today (run `npm run seed:photos` after changing it)", { timeout: 30_000 }, async () => {
    const artist = DEMO_ARTISTS[3]!;
    expect(await demoPhoto("portrait", artist.palette, 2, folder)).toEqual(await renderDemoPortrait(artist.palette, 2));
    const post = postsWithPhoto[1]!;
    expect(await demoPhoto("scene", demoScenePalette(post), post, folder)).toEqual(await renderDemoScene(demoScenePalette(post), post));
  });

  // Two portraits drawn with sharp: ~2.5 s on this 2-core machine, over Vitest's 5 s default under load.
  it("a photo that is not committed is drawn", { timeout: 30_000 }, async () => {
    expect(await demoPhoto("portrait", ["#123456", "#654321"], 1, folder)).toEqual(await renderDemoPortrait(["#123456", "#654321"], 1));
  });
});
