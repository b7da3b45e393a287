/**
 * Signing in over HTTP, as the login form's native POSTs do (the password, then the second step's code,
 * decision 040): the one sign-in helper for the Vitest suites, the Playwright fixtures and the benchmark
 * scripts. (The login form itself is exercised by the e2e stories in tests/e2e/admin/auth.spec.ts.)
 *
 * The test servers start with ADMIN_TOTP_SECRET = TEST_ADMIN.totpSecret, and the helper computes the
 * codes. A server accepts each 30-second step's code once per account (and none older than one used),
 * the steps before and after the current one included; so every code any test process uses on a server
 * is handed out by `withTotpCode`, which keeps the last step used per (server, account) in a file under
 * the system's temporary directory, under a lock, and waits (polling) for the next step when the three
 * acceptable ones are spent. And `signInCookie` reuses a session it signed in before when it is still
 * valid, unless asked for a fresh one: a test file usually signs in once.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { base32Decode, hotp, TOTP_STEP_SECONDS, totpStep } from "../../app/server/auth/totp.server";

export interface AdminCredential {
  id: string;
  password: string;
  /** The account's TOTP secret (base32), when it has a second factor. */
  totpSecret?: string;
}

/** The TOTP secret the test and benchmark servers are started with (ADMIN_TOTP_SECRET): 20 bytes, base32. */
export const TEST_TOTP_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

/** The administrator the test and benchmark servers are started with (ADMIN_ID / ADMIN_PASSWORD / ADMIN_TOTP_SECRET). */
export const TEST_ADMIN: AdminCredential & { totpSecret: string } = { id: "admin", password: "integration-password-1", totpSecret: TEST_TOTP_SECRET };

/** The environment that gives a test server the test administrator. */
export const TEST_ADMIN_ENV = { ADMIN_ID: TEST_ADMIN.id, ADMIN_PASSWORD: TEST_ADMIN.password, ADMIN_TOTP_SECRET: TEST_ADMIN.totpSecret } as const;

let clientCounter = 0;
/**
 * A client address of its own from the documentation ranges (the test servers trust X-Forwarded-For
 * from loopback), so the sign-in throttling of one test never touches another.
 */
export function uniqueClientIp(): string {
  clientCounter += 1;
  return `198.51.${(process.pid % 250) + 1}.${(clientCounter % 250) + 1}`;
}

// ---- TOTP codes, each handed out once per (server, account) across every test process ----

const STATE_DIR = path.join(os.tmpdir(), "we-test-totp-steps");
/** A lock older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 60_000;

function stateKey(baseURL: string, account: string): string {
  return createHash("sha256").update(`${new URL(baseURL).origin}\u0000${account.toLowerCase()}`).digest("hex").slice(0, 24);
}

async function poll(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const lock = path.join(STATE_DIR, `${key}.lock`);
  await poll(
    () => {
      try {
        fs.mkdirSync(lock);
        return true;
      } catch {
        try {
          if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
        } catch {
          // Released meanwhile: the next poll takes it.
        }
        return false;
      }
    },
    120_000,
    "the TOTP lock of another test process",
  );
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function readLastStep(file: string): number {
  try {
    return Number(fs.readFileSync(file, "utf8")) || 0;
  } catch {
    return 0;
  }
}

/** What the server said to a code. */
export type CodeOutcome = "accepted" | "replayed" | "wrong";

/**
 * Hands out TOTP codes for `admin` on the server at `baseURL`, one at a time across every process, and
 * passes each to `submit` until the server accepts one: the earliest step the server can still accept
 * (the previous, current or next one, later than any used), else it waits for the next step to begin.
 */
export async function withTotpCode(baseURL: string, admin: AdminCredential, submit: (code: string) => Promise<CodeOutcome>): Promise<void> {
  const key = base32Decode(admin.totpSecret ?? "");
  if (!key) throw new Error(`no TOTP secret for ${admin.id}: the server asks for a second factor`);
  const id = stateKey(baseURL, admin.id);
  const file = path.join(STATE_DIR, `${id}.step`);
  await withLock(id, async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const secondsIntoStep = (Date.now() / 1000) % TOTP_STEP_SECONDS;
      // The previous step's code only when it will still be accepted on arrival (not in the step's last seconds).
      const earliest = totpStep(Date.now()) - (secondsIntoStep < TOTP_STEP_SECONDS - 3 ? 1 : 0);
      const step = Math.max(readLastStep(file) + 1, earliest);
      // The next step's code is accepted; one further is not: wait for the next step to begin.
      await poll(() => totpStep(Date.now()) + 1 >= step, (TOTP_STEP_SECONDS + 5) * 1000, "the next TOTP step");
      const outcome = await submit(hotp(key, step));
      fs.writeFileSync(file, String(step));
      if (outcome === "accepted") return;
    }
    throw new Error(`the server refused every TOTP code for ${admin.id}`);
  });
}

// ---- Signing in ----

const sessions = new Map<string, string>();

/** Whether a session cookie still opens a private page of the server. */
async function stillSignedIn(baseURL: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${baseURL}/adminApiTokens`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.body?.cancel();
  return response.status === 200;
}

function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(";")[0];
}

/**
 * Signs in and returns the session cookie as a `Cookie` header value (`we_session=...`). `origin`: the
 * site's origin as the browser sees it (PUBLIC_ORIGIN, when the server has one). A session this process
 * signed in before for the same server and account is reused while it is valid, unless `fresh`.
 */
export async function signInCookie(
  baseURL: string,
  admin: AdminCredential = TEST_ADMIN,
  origin: string = baseURL,
  options: { fresh?: boolean } = {},
): Promise<string> {
  const cacheKey = `${baseURL}\u0000${admin.id}`;
  const cached = sessions.get(cacheKey);
  if (cached && !options.fresh && (await stillSignedIn(baseURL, cached))) return cached;
  const cookie = await signInOverHttp(baseURL, admin, origin);
  sessions.set(cacheKey, cookie);
  return cookie;
}

async function signInOverHttp(baseURL: string, admin: AdminCredential, origin: string): Promise<string> {
  const ip = uniqueClientIp();
  const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": ip };
  const passwordStep = async (): Promise<string | { session: string }> => {
    const response = await fetch(`${baseURL}/adminLogin`, { method: "POST", headers, body: new URLSearchParams({ id: admin.id, password: admin.password }), redirect: "manual" });
    await response.body?.cancel();
    if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
    const session = cookieOf(response, "we_session");
    if (session) return { session };
    const pending = cookieOf(response, "we_2fa_pending");
    if (!pending) throw new Error("sign-in answered without a session or second-step cookie");
    return pending;
  };
  let pending = await passwordStep();
  if (typeof pending !== "string") return pending.session;
  let session: string | undefined;
  await withTotpCode(baseURL, admin, async (code) => {
    const response = await fetch(`${baseURL}/adminLogin/verify`, {
      method: "POST",
      headers: { ...headers, Cookie: pending as string },
      body: new URLSearchParams({ code }),
      redirect: "manual",
    });
    const text = await response.text();
    session = cookieOf(response, "we_session");
    if (response.status === 302 && session) return "accepted";
    if (response.status === 302) {
      // The pending step ended (too many codes, or too slow): the password again.
      const again = await passwordStep();
      if (typeof again !== "string") {
        session = again.session;
        return "accepted";
      }
      pending = again;
      return "wrong";
    }
    return text.includes("이미 사용한 인증 코드") ? "replayed" : "wrong";
  });
  if (!session) throw new Error("the second step answered without a session cookie");
  return session;
}

/** A `Cookie` header value (`name=value`) as a browser cookie for `baseURL`, for Playwright's `context.addCookies`. */
export function browserCookie(cookie: string, baseURL: string): { name: string; value: string; url: string } {
  const split = cookie.indexOf("=");
  return { name: cookie.slice(0, split), value: cookie.slice(split + 1), url: baseURL };
}
