/**
 * What `npm start` gives the app's processes (package.json's start script; decision 057): V8's young
 * generation at 16 MB a semi-space and the old one capped at 512 MB, which keeps V8's heap from growing
 * to ~300 MB under load on a machine with plenty of memory, and two malloc arenas. The servers the tests
 * and benchmarks start run the same way (tests/unit/app-process-env.test.ts keeps the two in step).
 */
export const APP_NODE_OPTIONS = "--max-semi-space-size=16 --max-old-space-size=512";
export const APP_MALLOC_ARENA_MAX = "2";

/** The environment of an app process started like `npm start` does, on top of `base`. */
export function appProcessEnv(base: Record<string, string | undefined> = process.env): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: base.MALLOC_ARENA_MAX ?? APP_MALLOC_ARENA_MAX,
    NODE_OPTIONS: [APP_NODE_OPTIONS, base.NODE_OPTIONS].filter(Boolean).join(" "),
  };
}
