/** Helpers to address databases on the TEST_DATABASE_URL server. */
export const TEMPLATE_DATABASE = "we_test_template";

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
