/**
 * Signing in over HTTP, as the login form's native POST does: the one sign-in helper for the Vitest
 * suites, the Playwright fixtures and the benchmark scripts. (The login form itself is exercised by
 * the e2e stories in tests/e2e/admin/auth.spec.ts.)
 */

export interface AdminCredential {
  id: string;
  password: string;
}

/** The administrator the test and benchmark servers are started with (ADMIN_ID / ADMIN_PASSWORD). */
export const TEST_ADMIN: AdminCredential = { id: "admin", password: "integration-password-1" };

let clientCounter = 0;
/**
 * A client address of its own from the documentation ranges (the test servers trust X-Forwarded-For
 * from loopback), so the sign-in throttling of one test never touches another.
 */
export function uniqueClientIp(): string {
  clientCounter += 1;
  return `198.51.${(process.pid % 250) + 1}.${(clientCounter % 250) + 1}`;
}

/**
 * Signs in and returns the session cookie as a `Cookie` header value (`we_session=...`). `origin`: the
 * site's origin as the browser sees it (PUBLIC_ORIGIN, when the server has one).
 */
export async function signInCookie(baseURL: string, admin: AdminCredential = TEST_ADMIN, origin: string = baseURL): Promise<string> {
  const response = await fetch(`${baseURL}/adminLogin`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": uniqueClientIp() },
    body: new URLSearchParams({ id: admin.id, password: admin.password }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("we_session="));
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie.split(";")[0]!;
}

/** A `Cookie` header value (`name=value`) as a browser cookie for `baseURL`, for Playwright's `context.addCookies`. */
export function browserCookie(cookie: string, baseURL: string): { name: string; value: string; url: string } {
  const split = cookie.indexOf("=");
  return { name: cookie.slice(0, split), value: cookie.slice(split + 1), url: baseURL };
}
