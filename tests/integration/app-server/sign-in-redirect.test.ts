import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKSPACE_PATHS } from "../../../app/domain/paths";
import { TEST_ADMIN, useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";

/** Where a sign-in goes when the requested place is not a path on this site. */
const FALLBACK = WORKSPACE_PATHS.dashboard;

/**
 * `?redirectTo=` as an attacker would put it in a link (raw, percent-encoded as typed), and where the
 * sign-in must then lead. The server decodes the query once: "/%09/" reaches it as "/<TAB>/".
 */
const LINKS: [raw: string, expected: string][] = [
  ["/%09/evil.example", FALLBACK],
  ["/%0a/evil.example", FALLBACK],
  ["/%0d/evil.example", FALLBACK],
  ["/%0d%0a/evil.example", FALLBACK],
  ["%09//evil.example", FALLBACK],
  ["//evil.example", FALLBACK],
  ["/%2F%2Fevil.example", FALLBACK], // "///evil.example" once decoded
  ["/%5Cevil.example", FALLBACK],
  ["%5C%5Cevil.example", FALLBACK],
  ["/%5C/evil.example", FALLBACK],
  ["https://evil.example", FALLBACK],
  ["https%3A%2F%2Fevil.example", FALLBACK],
  ["javascript:alert(1)", FALLBACK],
  ["/.//evil.example", FALLBACK],
  ["/%E3%80%80/evil.example", FALLBACK], // an ideographic space
  // Encoded twice: the value is "/%2F%2Fevil.example", one path segment on this site.
  ["/%252F%252Fevil.example", "/%2F%2Fevil.example"],
  ["/%2509/evil.example", "/%09/evil.example"],
  ["%2FadminNews%3Fpage%3D2", "/adminNews?page=2"],
];

const decodeHtmlAttribute = (value: string) =>
  value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ({ "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" })[entity]!);

describe(`after sign-in the browser is sent only to a path on this site (${testEngine()})`, () => {
  // The password step's own redirect: an account without a second factor signs in in one step (where
  // the second step leads is in second-factor.test.ts).
  const server = useAppServer({ beforeAll, afterAll }, { env: { ADMIN_TOTP_SECRET: "" } });

  /** The sign-in form's hidden return path, as the page renders it for this link. */
  async function hiddenRedirectTo(rawQuery: string): Promise<string> {
    const page = await fetch(`${server.baseURL}/adminLogin?redirectTo=${rawQuery}`);
    expect(page.status).toBe(200);
    const field = /<input[^>]*name="redirectTo"[^>]*value="([^"]*)"/.exec(await page.text());
    expect(field, "the form's hidden redirectTo field").not.toBeNull();
    return decodeHtmlAttribute(field![1]!);
  }

  /** Signs in with the right password and this return path; the answer's Location header. */
  async function signInTo(redirectTo: string, rawQuery = ""): Promise<string> {
    const response = await fetch(`${server.baseURL}/adminLogin${rawQuery ? `?redirectTo=${rawQuery}` : ""}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      body: new URLSearchParams({ id: TEST_ADMIN.id, password: TEST_ADMIN.password, redirectTo }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    return response.headers.get("location") ?? "";
  }

  /** The address a browser follows the Location to (the WHATWG URL parser drops tabs and line breaks as browsers do). */
  const followed = (location: string) => new URL(location, server.baseURL);

  it.each(LINKS)("?redirectTo=%s: the form carries %j and the sign-in leads there", async (raw, expected) => {
    const hidden = await hiddenRedirectTo(raw);
    expect(hidden).toBe(expected);
    // The browser posts the form (hidden field) to the page's own address (the link's query string).
    const location = await signInTo(hidden, raw);
    expect(location).toBe(expected);
    expect(followed(location).origin).toBe(server.baseURL);
  });

  it.each(LINKS.map(([raw, expected]) => [decodeURIComponent(raw), expected]))(
    "a form posted straight with redirectTo=%j leads to %j",
    async (value, expected) => {
      const location = await signInTo(value);
      expect(location).toBe(expected);
      expect(followed(location).origin).toBe(server.baseURL);
      expect(followed(location).pathname).not.toMatch(/^\/\//);
    },
  );

  it("a local path with its query and fragment is kept", async () => {
    expect(await signInTo("/adminNewsWrite?id=3#editor")).toBe("/adminNewsWrite?id=3#editor");
  });
});
