import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/**
 * The demo photos as drawn by the functions below, committed (`npm run seed:photos` draws them again
 * after a change to the drawing or the palettes): drawing the 55 photos took ~10 s of the first start,
 * reading them takes milliseconds. A photo missing there is drawn (docs/decisions/028-cold-start-and-memory.md).
 */
const PHOTOS_FOLDER = "app/server/seed/demo-photos";

/** Finds the committed demo photos folder, wherever this module was bundled to (null when there is none). */
export function findDemoPhotosFolder(): string | null {
  const candidates = [path.resolve(PHOTOS_FOLDER)];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, PHOTOS_FOLDER), path.join(dir, "demo-photos"));
    dir = path.dirname(dir);
  }
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** The file name of a demo photo: what it shows and the inputs of its drawing. */
export function demoPhotoName(kind: "portrait" | "scene", palette: [string, string], index: number): string {
  return `${kind}-${palette.map((c) => c.replace("#", "").toLowerCase()).join("-")}-${index}.jpg`;
}

/** A demo photo: the committed file when there is one, else drawn now. */
export async function demoPhoto(kind: "portrait" | "scene", palette: [string, string], index: number, folder = findDemoPhotosFolder()): Promise<Buffer> {
  if (folder) {
    try {
      return await fs.promises.readFile(path.join(folder, demoPhotoName(kind, palette, index)));
    } catch {
      // Not committed (a new artist, a changed palette): drawn below.
    }
  }
  return kind === "portrait" ? renderDemoPortrait(palette, index) : renderDemoScene(palette, index);
}

/**
 * Demo photos drawn locally (no network): a studio-style backdrop in the artist's colours with a
 * portrait silhouette. Different poses per index, so a carousel visibly moves.
 */
export async function renderDemoPortrait(palette: [string, string], index: number): Promise<Buffer> {
  const width = 900;
  const height = 1200;
  const [a, b] = palette;
  const zoom = [1, 1.25, 0.85, 1.1, 1.4][index % 5]!;
  const shift = [0, -90, 80, 40, -40][index % 5]!;
  const angle = (index * 47) % 360;
  const cx = width / 2 + shift;
  const headY = 470 - (zoom - 1) * 120;
  const headR = 130 * zoom;
  const shoulderY = headY + headR * 1.55;
  const longHair = index % 2 === 0;
  const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${a}"/>
      <stop offset="1" stop-color="${b}"/>
    </linearGradient>
    <radialGradient id="light" cx="${0.3 + (index % 3) * 0.2}" cy="0.25" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.28"/>
    </radialGradient>
    <linearGradient id="figure" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${height}">
      <stop offset="0" stop-color="#2f2a35"/>
      <stop offset="1" stop-color="#15131a"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="3"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
  <g fill="url(#figure)" filter="url(#soft)">
    ${longHair
      ? `<path d="M ${cx - headR * 1.05} ${headY - headR * 0.2} C ${cx - headR * 1.1} ${headY - headR * 1.3}, ${cx + headR * 1.1} ${headY - headR * 1.3}, ${cx + headR * 1.05} ${headY - headR * 0.2} L ${cx + headR * 1.25} ${shoulderY + headR * 0.5} L ${cx - headR * 1.25} ${shoulderY + headR * 0.5} Z"/>`
      : `<ellipse cx="${cx}" cy="${headY - headR * 0.25}" rx="${headR * 0.9}" ry="${headR * 0.85}"/>`}
    <ellipse cx="${cx}" cy="${headY}" rx="${headR * 0.8}" ry="${headR}"/>
    <path d="M ${cx - headR * 0.34} ${headY + headR * 0.6} L ${cx - headR * 0.42} ${shoulderY} L ${cx + headR * 0.42} ${shoulderY} L ${cx + headR * 0.34} ${headY + headR * 0.6} Z"/>
    <path d="M ${cx - headR * 2.7} ${height} C ${cx - headR * 2.55} ${shoulderY + headR * 0.35}, ${cx - headR * 1.7} ${shoulderY - headR * 0.1}, ${cx} ${shoulderY - headR * 0.15} C ${cx + headR * 1.7} ${shoulderY - headR * 0.1}, ${cx + headR * 2.55} ${shoulderY + headR * 0.35}, ${cx + headR * 2.7} ${height} Z"/>
  </g>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A landscape illustration for demo posts. */
export async function renderDemoScene(palette: [string, string], index: number): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const [a, b] = palette;
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = ((i * 263 + index * 131) % width) + 40;
    const y = ((i * 181 + index * 97) % height) + 20;
    const r = 60 + ((i * 53 + index * 29) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${0.08 + (i % 3) * 0.05}"/>`;
  }).join("");
  const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${(index * 61) % 360} .5 .5)">
      <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${circles}
  <rect x="0" y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="#1c1a24" opacity="0.35"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
