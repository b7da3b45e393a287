import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
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
  plugins: [reactRouter()],
});
