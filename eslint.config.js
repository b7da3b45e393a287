import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import layers from "./eslint/layers.js";

/** zod is imported from app/domain/zod.ts, which installs the Korean error map (decision 034). */
const ZOD_FROM_DOMAIN = { name: "zod", message: "Import z from app/domain/zod.ts: it installs the Korean error messages.", allowTypeImports: true };

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "data/", ".react-router/", "test-results/", "playwright-report/", "migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // zod comes with Korean messages from app/domain/zod.ts; its own English ones must never reach a user.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/domain/zod.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [ZOD_FROM_DOMAIN] }],
    },
  },
  {
    // The layers, top first, and the rule that holds them: eslint/layers.js (docs/architecture.md).
    files: ["main.ts", "app/**/*.{ts,tsx}", "drizzle/**/*.ts"],
    plugins: { layers },
    rules: { "layers/no-upward-import": "error" },
  },
  {
    // Layers: platform/ is the bottom one and imports nothing from the folders beside it (only domain,
    // lib and the schema); nothing but the composition root (app/server/composition/) starts the runtime.
    files: ["app/server/platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [ZOD_FROM_DOMAIN], patterns: [{ regex: "^\\.\\./(?!\\.\\./)", message: "platform/ is the bottom layer: it cannot import from the layers above it." }] },
      ],
    },
  },
  {
    files: ["app/server/**"],
    ignores: ["app/server/composition/**", "app/server/platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [ZOD_FROM_DOMAIN], patterns: [{ group: ["**/composition/*"], allowTypeImports: true, message: "Only the composition root wires the layers; take what you need as a parameter." }] },
      ],
    },
  },
  {
    // Islands run in the browser only; they must never pull in server code.
    files: ["app/islands/**", "app/components/**", "app/enhance/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [ZOD_FROM_DOMAIN], patterns: [{ group: ["**/*.server", "**/server/**"], message: "Server code cannot be imported into client components." }] },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    // Test fixtures and suite helpers (Playwright's `use`, `useAppServer`, `useTestDatabase`) are not React hooks.
    files: ["tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
