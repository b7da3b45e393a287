/**
 * `npm run seed:photos`: draws the demo content's photos into app/server/seed/demo-photos/ (committed),
 * which the seeding reads instead of drawing them at the first start. Run it after changing the drawing
 * (app/server/seed/demo-images.server.ts), an artist's palette or image count, or which posts have a photo.
 */
import fs from "node:fs";
import path from "node:path";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES } from "../app/server/seed/demo-content.server";
import { demoPhotoName, renderDemoPortrait, renderDemoScene } from "../app/server/seed/demo-images.server";
import { demoScenePalette } from "../app/server/seed/seed.server";

const folder = path.resolve(import.meta.dirname, "..", "app", "server", "seed", "demo-photos");
fs.mkdirSync(folder, { recursive: true });
const wanted = new Map<string, () => Promise<Buffer>>();
for (const artist of DEMO_ARTISTS) {
  for (let i = 0; i < artist.imageCount; i++) wanted.set(demoPhotoName("portrait", artist.palette, i), () => renderDemoPortrait(artist.palette, i));
}
for (const [i, post] of [...DEMO_NEWS, ...DEMO_NOTICES].entries()) {
  if (!post.html.includes("{{IMAGE}}") && !post.htmlEn?.includes("{{IMAGE}}")) continue;
  wanted.set(demoPhotoName("scene", demoScenePalette(i), i), () => renderDemoScene(demoScenePalette(i), i));
}
for (const file of fs.readdirSync(folder)) if (!wanted.has(file)) fs.rmSync(path.join(folder, file));
let bytes = 0;
for (const [name, draw] of wanted) {
  const photo = await draw();
  fs.writeFileSync(path.join(folder, name), photo);
  bytes += photo.byteLength;
}
process.stdout.write(`${wanted.size} demo photos (${Math.round(bytes / 1024)} KB) in ${path.relative(process.cwd(), folder)}\n`);
