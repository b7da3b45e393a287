import { createHash } from "node:crypto";

/** Helpers to address databases on the TEST_DATABASE_URL server. */

/**
 * The migrated template every test database is copied from; one per checkout, so two checkouts can
 * run their suites against the same PostgreSQL server at once without dropping each other's template.
 */
export const TEMPLATE_DATABASE = `we_test_template_${createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8)}`;

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** The same server URL (by default the test server's) with another database name. */
export function urlForDatabase(name: string, serverUrl = testServerUrl()): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
