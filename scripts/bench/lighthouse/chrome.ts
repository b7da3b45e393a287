import * as chromeLauncher from "chrome-launcher";

/**
 * Each Lighthouse run is a visitor's first: Lighthouse empties the HTTP cache but by default keeps
 * localStorage, where the site remembers that the web font is at hand (decision 048). A kept flag with an
 * emptied cache is a state no first visit has, so local storage is cleared with the rest.
 */
export const FIRST_VISIT_STORAGE: ("file_systems" | "shader_cache" | "service_workers" | "cache_storage" | "local_storage")[] = ["file_systems", "shader_cache", "service_workers", "cache_storage", "local_storage"];

/** Debian's Chromium (or CHROME_PATH), headless, without its background traffic, for the Lighthouse scripts. */
export function launchBenchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
