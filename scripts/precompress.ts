/**
 * After `react-router build`: Brotli and gzip copies of the client's JS, CSS, SVG and JSON assets, so
 * the server sends them compressed at the highest level without compressing on every request.
 */
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve("build/client");
let count = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg|json|txt|xml)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.byteLength < 1024) continue;
  fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
process.stdout.write(`precompressed ${count} client files (br, gz)\n`);
