/**
 * After `react-router build`: Brotli and gzip copies of the client's JS, CSS, SVG and JSON assets, so
 * the server sends them compressed at the highest level without compressing on every request. The
 * compressions run on libuv's thread pool, all cores at once (Brotli 11 of the CSS and JS is most of
 * the time: ~2.5 s on one core, part of the first `npm start`).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const root = path.resolve("build/client");
let count = 0;
const jobs: Promise<void>[] = [];
for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg|json|txt|xml)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  jobs.push(
    (async () => {
      const bytes = await fs.readFile(file);
      if (bytes.byteLength < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      count++;
    })(),
  );
}
await Promise.all(jobs);
process.stdout.write(`precompressed ${count} client files (br, gz)\n`);
