/**
 * Part of `npm run build`, after `react-router build`: the public pages' progressive-enhancement script
 * (app/enhance/main.ts) and the chunks it imports only where they are needed (the carousel under
 * preact/compat, the audition form). Hashed names under build/client/assets (cached for a year, like
 * Vite's assets); build/enhance-manifest.json tells the server the entry's URL (decision 027).
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build", "client", "assets");
const preactCompat = path.join(root, "node_modules", "preact", "compat", "dist", "compat.mjs");
const preactClient = path.join(root, "node_modules", "preact", "compat", "client.mjs");
const preactJsx = path.join(root, "node_modules", "preact", "compat", "jsx-runtime.mjs");
const reactLite = path.join(root, "app", "enhance", "react-lite.ts");
const preactCoreJsx = path.join(root, "node_modules", "preact", "jsx-runtime", "dist", "jsxRuntime.mjs");
/** The carousel's modules, which need the whole of React's API (react-slick): preact/compat. */
const needsCompat = (importer: string) =>
  /[\\/]node_modules[\\/]/.test(importer) || /[\\/]app[\\/]islands[\\/](carousel|use-carousel)/.test(importer);

const result = await build({
  absWorkingDir: root,
  entryPoints: { enhance: "app/enhance/main.ts" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: ["es2022"],
  platform: "browser",
  entryNames: "[name]-[hash]",
  chunkNames: "enhance-[name]-[hash]",
  metafile: true,
  legalComments: "none",
  // Korean text as UTF-8 (3 bytes a syllable) rather than \u escapes (6 bytes): module scripts are always
  // decoded as UTF-8, and gzip has less to carry.
  charset: "utf8",
  define: { "process.env.NODE_ENV": '"production"' },
  // The carousel island is written against React's types; in the browser it runs on preact/compat (~4 KB
  // instead of React DOM's ~60 KB), which react-slick works with as it is. The widgets get less (plugin).
  alias: {
    react: preactCompat,
    "react-dom": preactCompat,
    "react-dom/client": preactClient,
    "react/jsx-runtime": preactJsx,
    "resize-observer-polyfill": path.join(root, "app", "lib", "resize-observer-shim.ts"),
  },
  jsx: "automatic",
  // slick.css reaches visitors through the route's stylesheet (Vite); the script needs none of it.
  loader: { ".css": "empty" },
  logLevel: "warning",
  plugins: [
    {
      // The widgets (decision 038) need only hooks and elements: Preact's core, without compat's ~4 KB.
      name: "widgets-on-preact-core",
      setup(builder) {
        builder.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => {
          if (needsCompat(args.importer)) return undefined;
          return { path: args.path === "react" ? reactLite : preactCoreJsx };
        });
      },
    },
  ],
});

// esbuild leaves a chunk empty when all it would hold was inlined (the layout constants the menu and the
// carousel share, since the audition form became a chunk of its own): drop it and the imports of it, so
// no page fetches an empty file.
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (output.bytes > 0 || output.entryPoint) continue;
  const name = path.basename(file);
  fs.rmSync(path.join(root, file));
  for (const other of Object.keys(result.metafile.outputs)) {
    const otherPath = path.join(root, other);
    if (other === file || !other.endsWith(".js") || !fs.existsSync(otherPath)) continue;
    const code = fs.readFileSync(otherPath, "utf8");
    const stripped = code.replaceAll(`import"./${name}";`, "");
    if (stripped.includes(name)) throw new Error(`${other} still refers to the empty chunk ${name}`);
    if (stripped !== code) fs.writeFileSync(otherPath, stripped);
  }
}

const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === "app/enhance/main.ts")?.[0];
if (!entry) throw new Error("the enhancement entry was not built");
const url = `/${path.relative(path.join(root, "build", "client"), path.join(root, entry)).split(path.sep).join("/")}`;
fs.writeFileSync(path.join(root, "build", "enhance-manifest.json"), `${JSON.stringify({ entry: url }, null, 2)}\n`);
process.stdout.write(`enhancement script: ${url}\n`);
