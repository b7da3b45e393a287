import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { designTokens } from "./app/styles/design-tokens.ts";

export default defineConfig({
  resolve: {
    alias: {
      // Native ResizeObserver instead of react-slick's polyfill.
      "resize-observer-polyfill": fileURLToPath(new URL("./app/lib/resize-observer-shim.ts", import.meta.url)),
    },
  },
  environments: {
    // The server build's entry is the Express app (app/server/composition/express-app.server.ts), which wraps React Router.
    ssr: { build: { rollupOptions: { input: "./app/server/composition/express-app.server.ts" } } },
  },
  build: {
    // No assets inlined as data: URLs; the CSP and caching treat them as files.
    assetsInlineLimit: 0,
    // The gzip sizes in the build's report cost a second of the first `npm start`; bench:size measures them.
    reportCompressedSize: false,
  },
  ssr: {
    // Native and WebAssembly packages stay external and are loaded from node_modules at run time.
    external: ["sharp", "@node-rs/argon2", "@electric-sql/pglite", "pg", "pino"],
    // Bundled rather than loaded file by file: Node parses a package's package.json again for each of
    // its modules it loads, and drizzle-orm's (179 KB, 447 exports) for ~110 modules cost ~130 MB of
    // short-lived heap (kept as heap size) and ~1 s at every start (docs/decisions/028-cold-start-and-memory.md).
    noExternal: ["drizzle-orm"],
  },
  plugins: [
    {
      // Pretendard, two static weights (400, 700) of its Unicode-range subsets, WOFF2 only: a Korean
      // page needs about 14 subsets, which are ~11 KB each per static weight against ~26 KB for the
      // variable font. Shown when it is already at hand (cached, or fast); otherwise the visitor's
      // own Korean font stays, and no late swap moves or repaints the text (LCP, CLS).
      name: "pretendard-two-weights-optional",
      enforce: "pre",
      transform(code, id) {
        if (!id.includes("pretendard-dynamic-subset.css")) return null;
        const faces = code.match(/@font-face\s*{[^}]*}/g) ?? [];
        const kept = faces
          .filter((face) => /font-weight:\s*(400|700);/.test(face))
          .map((face) =>
            face
              .replace("font-display: swap", "font-display: optional")
              .replace(/,\s*url\([^)]*\.woff\) format\('woff'\)/, ""),
          );
        return { code: kept.join("\n"), map: null };
      },
    },
    {
      // The cluster primary of WEB_CONCURRENCY > 1 (main.ts) loads a small entry of its own, not the app
      // (decision 056): build/server/cluster-primary.js.
      name: "cluster-primary-entry",
      applyToEnvironment: (environment) => environment.name === "ssr",
      buildStart() {
        this.emitFile({ type: "chunk", id: "./app/server/composition/cluster-primary.server.ts", fileName: "cluster-primary.js" });
      },
    },
    // The layout constants of app/domain/constants.ts (requirements R10.2) as CSS custom properties and media queries.
    designTokens(),
    reactRouter(),
  ],
});
