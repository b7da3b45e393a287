/**
 * `npm run bench:upload`: time to accept a 12-megapixel JPEG (4000×3000, photo-like noise) through
 * POST /api/img, decoded, re-encoded and stored with its WebP variants. Target: median ≤ 1 s.
 */
import sharp from "sharp";
import { signInCookie } from "../../tests/setup/sign-in";
import { startBenchServer } from "./server";

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#888", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
  .jpeg({ quality: 90 })
  .toBuffer();
const server = await startBenchServer("embedded");
const times: number[] = [];
try {
  const cookie = await signInCookie(server.baseURL);
  for (let i = 0; i < RUNS + 1; i++) {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "12mp.jpg");
    const started = performance.now();
    const response = await fetch(`${server.baseURL}/api/img`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: server.baseURL } });
    await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`upload failed: ${response.status}`);
    if (i > 0) times.push(ms); // the first run warms sharp up
  }
} finally {
  await server.stop();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
process.stdout.write(
  `12 MP JPEG (${(photo.byteLength / 1024 / 1024).toFixed(1)} MB) through /api/img, ${RUNS} runs, ${new Date().toISOString()}\n` +
    `median ${median.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms (target: median ≤ 1000 ms)\n`,
);
if (median > 1000) process.exit(1);
