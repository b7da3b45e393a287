import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: {
      // Native ResizeObserver instead of react-slick's polyfill.
      "resize-observer-polyfill": fileURLToPath(new URL("./app/lib/resize-observer-shim.ts", import.meta.url)),
    },
  },
  environments: {
    // The server build's entry is the Express app (server/app.ts), which wraps React Router.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  build: {
    // No assets inlined as data: URLs; the CSP and caching treat them as files.
    assetsInlineLimit: 0,
  },
  ssr: {
    // Native and WebAssembly packages stay external and are loaded from node_modules at run time.
    external: ["sharp", "@node-rs/argon2", "@electric-sql/pglite", "pg", "pino"],
  },
  plugins: [
    {
      // Pretendard is shown when it is already at hand (cached, or fast); otherwise the visitor's own
      // Korean font stays. No late font swap moves or repaints the text (LCP, CLS), and first paint
      // never waits for a font.
      name: "pretendard-font-display-optional",
      transform(code, id) {
        if (!id.includes("pretendardvariable-dynamic-subset.css")) return null;
        return { code: code.replaceAll("font-display: swap", "font-display: optional"), map: null };
      },
    },
    reactRouter(),
  ],
});
