import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";

/**
 * The sign-in throttle over HTTP, on the production server (docs/decisions/032-sign-in-throttle.md).
 * The test servers trust X-Forwarded-For from loopback (TRUST_PROXY=loopback), so one test acts as many
 * client addresses. The policy is written out here, not imported: changing it changes this test.
 */
const ADDRESS_LIMIT = 5;
const ACCOUNT_LIMIT = 10;

/**
 * Parallel bursts are what is tested here, not the overload guard's 503 (tests/unit/overload.test.ts)
 * nor the anonymous bodies' share (tests/integration/app-server/hostile-bodies.test.ts), which would
 * let only 3 of one address's guesses (16 in all) reach the form at once.
 */
// The throttle guards the password step; the account here has no second factor, so a right password
// signs in at once (the second step's own limits: second-factor.test.ts).
const env = { ADMIN_TOTP_SECRET: "", MAX_CONCURRENT_REQUESTS: "1000", MAX_EVENT_LOOP_DELAY_MS: "60000", MAX_ANONYMOUS_BODIES: "1000", MAX_ANONYMOUS_BODIES_PER_ADDRESS: "1000" };

let hosts = 0;
/** A client address of its own (TEST-NET-3, away from the ranges tests/setup/sign-in.ts hands out). */
function newAddress(): string {
  hosts += 1;
  return `203.0.${113 + Math.floor(hosts / 250)}.${(hosts % 250) + 1}`;
}

interface Attempt {
  id?: string;
  password: string;
  address: string;
  cookie?: string;
}

function signInOver(baseURL: string, attempt: Attempt): Promise<Response> {
  return fetch(`${baseURL}/adminLogin`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseURL,
      "X-Forwarded-For": attempt.address,
      ...(attempt.cookie ? { Cookie: attempt.cookie } : {}),
    },
    body: new URLSearchParams({ id: attempt.id ?? TEST_ADMIN.id, password: attempt.password }),
    redirect: "manual",
  });
}

/** How many answers had each status. */
function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

async function expectThrottled(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(await response.text()).toContain(`로그인 시도가 너무 많습니다. ${Math.ceil(retryAfter / 60)}분 후에 다시 시도해 주세요.`);
}

describe(`parallel guesses from one address (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env });

  it("64 at once: only the limit are checked (401), the rest are refused with 429 and Retry-After, and so is the right password after them", async () => {
    const address = newAddress();
    const responses = await Promise.all(Array.from({ length: 64 }, (_, i) => signInOver(server.baseURL, { password: `guess-${i}`, address })));
    expect(statuses(responses)).toEqual({ 401: ADDRESS_LIMIT, 429: 64 - ADDRESS_LIMIT });
    for (const response of responses) {
      if (response.status === 429) await expectThrottled(response);
      else await response.arrayBuffer();
    }
    await expectThrottled(await signInOver(server.baseURL, { password: TEST_ADMIN.password, address }));
  }, 60_000);
});

describe(`strangers against the account, and its owner (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env });
  const ownerAddress = newAddress();
  let device = "";

  it("a sign-in gives the browser a device cookie: signed, httpOnly, SameSite=Lax, for a year", async () => {
    const response = await signInOver(server.baseURL, { password: TEST_ADMIN.password, address: ownerAddress });
    expect(response.status).toBe(302);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("we_device="));
    expect(setCookie).toBeDefined();
    const attributes = setCookie!.split(/;\s*/).slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Max-Age=31536000", "Path=/", "HttpOnly", "SameSite=Lax"]));
    // Plain http here; over https (or X-Forwarded-Proto from a trusted proxy) it is Secure, as the session cookie is.
    expect(attributes).not.toContain("Secure");
    device = setCookie!.split(";")[0]!;
  });

  it("64 strangers from 64 addresses at once: the account's limit are checked, the rest refused", async () => {
    const responses = await Promise.all(Array.from({ length: 64 }, (_, i) => signInOver(server.baseURL, { password: `guess-${i}`, address: newAddress() })));
    expect(statuses(responses)).toEqual({ 401: ACCOUNT_LIMIT, 429: 64 - ACCOUNT_LIMIT });
    for (const response of responses) {
      if (response.status === 429) await expectThrottled(response);
      else await response.arrayBuffer();
    }
  }, 60_000);

  it("a new stranger is refused, even with the right password", async () => {
    await expectThrottled(await signInOver(server.baseURL, { password: TEST_ADMIN.password, address: newAddress() }));
  });

  it("the owner's browser signs in with its device cookie, from an address never seen before", async () => {
    const response = await signInOver(server.baseURL, { password: TEST_ADMIN.password, address: newAddress(), cookie: device });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("we_session="))).toBe(true);
  });

  it("the owner signs in without the cookie from the address he signed in from before", async () => {
    const response = await signInOver(server.baseURL, { password: TEST_ADMIN.password, address: ownerAddress });
    expect(response.status).toBe(302);
  });

  it("a forged device cookie is worth nothing, and a brand-new address without one is still refused", async () => {
    await expectThrottled(await signInOver(server.baseURL, { password: TEST_ADMIN.password, address: newAddress(), cookie: "we_device=eyJhY2NvdW50IjoiYWRtaW4iLCJpZCI6ImZvcmdlZC1mb3JnZWQtZm9yZ2VkIn0%3D.forged" }));
    await expectThrottled(await signInOver(server.baseURL, { password: TEST_ADMIN.password, address: newAddress() }));
  });
});
