/**
 * `npm run bench:package-pdf`: a casting package's budgets (issue 30), against the production build on
 * the embedded default with the demo content.
 *
 * - The package PDF of 10 artists, each with three camera-sized photos, renders in under 3 s and weighs
 *   under 5 MB. The first download of a package is an uncached render; six packages (the first pays
 *   for the server's first PDF: the fonts parsed, pdfkit loaded) are each downloaded once.
 * - The package's page answers in under 50 ms p50 uncached (it is never cached: every request renders),
 *   measured sequentially with the recipient's visit cookie, as a recipient browsing it sends.
 * - The package's page and an artist's page in it load at most 15 KB of JavaScript (gzip), measured in
 *   Chromium like `bench:size`.
 *
 * The photos are noisy on purpose: noise is the worst case for JPEG, so the PDF's size is measured at
 * its largest. Over a budget, the command fails.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { signInCookie } from "../../tests/setup/sign-in";
import { startBenchServer } from "./server";

const ARTISTS = 10;
const PACKAGES = 6;
const PAGE_REQUESTS = 300;
const BUDGET = { renderMs: 3000, pdfMb: 5, pageP50Ms: 50, jsKb: 15 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 1800, height: 2400, channels: 3, background: { r: (seed * 37) % 255, g: 120, b: (seed * 91) % 255 }, noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

const server = await startBenchServer("embedded");
const base = server.baseURL;
let failed = false;
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
try {
  const cookie = await signInCookie(base);
  const headers = { Cookie: cookie, Origin: base };

  // Ten artists with three photos each, through the API the admin uses.
  const artistIds: number[] = [];
  for (let a = 0; a < ARTISTS; a++) {
    const imgList: string[] = [];
    for (let p = 0; p < 3; p++) {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(await photo(a * 3 + p))], { type: "image/jpeg" }), "photo.jpg");
      const upload = await fetch(`${base}/api/img`, { method: "POST", headers, body: form });
      if (upload.status !== 200) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      imgList.push(((await upload.json()) as { url: string }).url);
    }
    const name = `벤치배우${String.fromCharCode(0xac00 + a * 17)}`;
    const dramaList = Array.from({ length: 14 }, (_, i) => `${2025 - i} 드라마 〈벤치마크 작품 ${i + 1}〉 '배역 ${i + 1}' 역`);
    const filmList = Array.from({ length: 8 }, (_, i) => `${2024 - i} 영화 〈측정의 밤 ${i + 1}〉 조연`);
    const created = await fetch(`${base}/api/we/addactor`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ name, ename: `BENCH ACTOR ${a + 1}`, birthday: `199${a % 10}.0${(a % 9) + 1}.1${a % 10}`, cm: String(165 + a), imgList, dramaList, filmList }),
    });
    if (created.status !== 201) throw new Error(`addactor: ${created.status} ${await created.text()}`);
    const editor = await fetch(`${base}/admin/packages/new`, { headers: { Cookie: cookie } });
    const id = new RegExp(`name="artist" value="(\\d+)"[^>]*>(?:<!-- -->)?\\s*<span>${name}</span>`).exec(await editor.text())?.[1];
    if (!id) throw new Error(`artist ${name} not found in the package form`);
    artistIds.push(Number(id));
  }

  // A package of the ten, each with all three photos, two highlighted credits and a note; then copies
  // for other recipients (each its own cover, so each first download is a render).
  const form = new URLSearchParams([
    ["title", "〈가제〉 벤치마크 시리즈 캐스팅 제안"],
    ["recipientCompany", "스튜디오 벤치"],
    ["recipientName", "김측정 캐스팅 디렉터"],
    ["locale", "ko"],
    ["message", "안녕하세요. 이번 작품에 어울릴 배우 열 분을 골라 보내 드립니다. 편하게 보시고 의견 남겨 주세요."],
    ["expiresOn", ""],
  ]);
  const newForm = await (await fetch(`${base}/admin/packages/new`, { headers: { Cookie: cookie } })).text();
  for (const [index, id] of artistIds.entries()) {
    form.append("artist", String(id));
    form.append(`order-${id}`, String(index + 1));
    for (const photoId of [...newForm.matchAll(new RegExp(`name="photo-${id}" value="(\\d+)"`, "g"))].map((m) => m[1]!)) form.append(`photo-${id}`, photoId);
    for (const credit of [...newForm.matchAll(new RegExp(`name="credit-${id}" value="([^"]+)"`, "g"))].slice(0, 2).map((m) => m[1]!.replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"))) form.append(`credit-${id}`, credit);
    form.append(`note-${id}`, "차분한 눈빛 연기가 강점입니다. 2025년 드라마에서 보여 준 언니 역할을 참고해 주세요.");
  }
  const created = await fetch(`${base}/admin/packages/new`, { method: "POST", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body: form, redirect: "manual" });
  if (created.status !== 302) throw new Error(`package: ${created.status} ${(await created.text()).slice(0, 500)}`);
  const packagePath = created.headers.get("location")!;
  const tokens: string[] = [];
  const tokenOf = async (adminPath: string) => /\/casting\/([A-Za-z0-9_-]{43})/.exec(await (await fetch(base + adminPath, { headers: { Cookie: cookie } })).text())![1]!;
  tokens.push(await tokenOf(packagePath));
  for (let copy = 1; copy < PACKAGES; copy++) {
    const duplicated = await fetch(base + packagePath, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["intent", "duplicate"], ["recipientCompany", `제작사 ${copy}`], ["recipientName", `캐스팅 디렉터 ${copy}`], ["copyExpiresOn", ""]]),
      redirect: "manual",
    });
    if (duplicated.status !== 302) throw new Error(`duplicate: ${duplicated.status}`);
    tokens.push(await tokenOf(duplicated.headers.get("location")!));
  }

  // The PDFs: each package's first download renders it.
  const renders: { ms: number; bytes: number; pages: number }[] = [];
  for (const token of tokens) {
    const start = process.hrtime.bigint();
    const response = await fetch(`${base}/casting/${token}/package.pdf`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const elapsed = ms(start);
    if (response.status !== 200) throw new Error(`package.pdf: ${response.status}`);
    renders.push({ ms: elapsed, bytes: bytes.byteLength, pages: (bytes.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length });
  }
  const again = process.hrtime.bigint();
  await (await fetch(`${base}/casting/${tokens[0]}/package.pdf`)).arrayBuffer();
  const cachedMs = ms(again);
  const warm = renders.slice(1).map((r) => r.ms).sort((a, b) => a - b);
  const maxMb = Math.max(...renders.map((r) => r.bytes)) / 1024 / 1024;
  say(`Measured ${new Date().toISOString()} · ${ARTISTS} artists × 3 photos (1800×2400 noisy JPEG) · embedded PostgreSQL, production build`);
  say("");
  say("| package PDF | figure | budget |");
  say("|---|---|---|");
  say(`| pages | ${renders[0]!.pages} (a cover and one per artist) | |`);
  say(`| first PDF after the server started (fonts parsed, pdfkit loaded) | ${renders[0]!.ms.toFixed(0)} ms | < ${BUDGET.renderMs} ms |`);
  say(`| uncached render, ${warm.length} other packages: median / max | ${percentile(warm, 50).toFixed(0)} / ${warm[warm.length - 1]!.toFixed(0)} ms | < ${BUDGET.renderMs} ms |`);
  say(`| the same package again (this server's cache) | ${cachedMs.toFixed(0)} ms | |`);
  say(`| size | ${maxMb.toFixed(2)} MB | < ${BUDGET.pdfMb} MB |`);
  if (renders.some((r) => r.ms >= BUDGET.renderMs)) failed = true;
  if (maxMb >= BUDGET.pdfMb) failed = true;

  // The package's page, uncached (never cached), with the recipient's visit cookie.
  const first = await fetch(`${base}/casting/${tokens[0]}`);
  const visit = first.headers.get("set-cookie")!.split(";")[0]!;
  await first.text();
  const timings = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < PAGE_REQUESTS; i++) {
      const start = process.hrtime.bigint();
      const response = await fetch(url, { headers: { Cookie: visit } });
      await response.text();
      if (response.status !== 200 || response.headers.get("x-cache")) throw new Error(`page: ${response.status} ${response.headers.get("x-cache")}`);
      times.push(ms(start));
    }
    return times.slice(20).sort((a, b) => a - b);
  };
  const packagePage = await timings(`${base}/casting/${tokens[0]}`);
  const artistPage = await timings(`${base}/casting/${tokens[0]}/${artistIds[0]}`);
  say("");
  say(`| page (${PAGE_REQUESTS} sequential requests, the first 20 left out) | p50 | p95 | budget p50 |`);
  say("|---|---|---|---|");
  say(`| /casting/{token} (${ARTISTS} cards) | ${percentile(packagePage, 50).toFixed(1)} ms | ${percentile(packagePage, 95).toFixed(1)} ms | < ${BUDGET.pageP50Ms} ms |`);
  say(`| /casting/{token}/{artist} | ${percentile(artistPage, 50).toFixed(1)} ms | ${percentile(artistPage, 95).toFixed(1)} ms | < ${BUDGET.pageP50Ms} ms |`);
  if (percentile(packagePage, 50) >= BUDGET.pageP50Ms || percentile(artistPage, 50) >= BUDGET.pageP50Ms) failed = true;

  // JavaScript the recipient's pages load.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    say("");
    say("| page | JS KB (gzip) | budget |");
    say("|---|---|---|");
    for (const [label, url] of [
      ["/casting/{token}", `${base}/casting/${tokens[1]}`],
      ["/casting/{token}/{artist}", `${base}/casting/${tokens[1]}/${artistIds[0]}`],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const files = new Set<string>();
      page.on("response", (response) => {
        const address = new URL(response.url());
        if (address.origin === base && address.pathname.endsWith(".js")) files.add(address.pathname);
      });
      await page.goto(url, { waitUntil: "networkidle" });
      await page.close();
      const js = [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join("build/client", file)), { level: 9 }).byteLength, 0) / 1024;
      say(`| ${label} | ${js.toFixed(1)} | ≤ ${BUDGET.jsKb} |`);
      if (js > BUDGET.jsKb) failed = true;
    }
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
if (failed) {
  process.stdout.write("\n✗ over a budget\n");
  process.exit(1);
}
