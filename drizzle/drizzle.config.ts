import { defineConfig } from "drizzle-kit";

// Used only to generate SQL migrations (`npm run db:generate`); the app applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});
