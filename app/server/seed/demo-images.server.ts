import sharp from "sharp";

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
  const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">
      <stop offset="0" stop-color="${a}"/>
      <stop offset="1" stop-color="${b}"/>
    </linearGradient>
    <radialGradient id="light" cx="${0.3 + (index % 3) * 0.2}" cy="0.25" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="figure" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1c1a24" stop-opacity="0.82"/>
      <stop offset="1" stop-color="#1c1a24" stop-opacity="0.95"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
  <g fill="url(#figure)">
    <ellipse cx="${cx}" cy="${headY}" rx="${headR * 0.82}" ry="${headR}"/>
    <rect x="${cx - headR * 0.32}" y="${headY + headR * 0.7}" width="${headR * 0.64}" height="${headR * 0.9}" rx="${headR * 0.2}"/>
    <path d="M ${cx - headR * 2.6} ${height} C ${cx - headR * 2.5} ${shoulderY + headR * 0.2}, ${cx - headR * 1.6} ${shoulderY - headR * 0.05}, ${cx} ${shoulderY - headR * 0.1} C ${cx + headR * 1.6} ${shoulderY - headR * 0.05}, ${cx + headR * 2.5} ${shoulderY + headR * 0.2}, ${cx + headR * 2.6} ${height} Z"/>
  </g>
  <rect y="${height - 160}" width="100%" height="160" fill="#000" opacity="0.12"/>
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
