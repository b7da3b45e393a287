import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { inviteStaff } from "../../../app/server/staff/staff.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { uniqueClientIp } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The invitation link's form over HTTP (decision 041, amended 2026-11-29): the link is looked up before
 * a password is hashed, so made-up links cost no argon2id; the form's posts are limited per client
 * address; a real invitation still works.
 */
describe(`staff invitations over HTTP (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;

  beforeAll(async () => {
    // X-Forwarded-For from loopback is the client's address: each test speaks from addresses of its own.
    app = await startInProcessApp("invitations", { TRUST_PROXY: "loopback" });
    ({ runtime, baseURL } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  const system = { adminId: null, via: "system", label: "test" } as const;
  const invite = async (displayName: string, email: string, role: "owner" | "editor" | "casting" | "viewer") => {
    const invited = await inviteStaff(runtime, system, { displayName, email, role });
    if (!invited.ok) throw new Error(invited.message);
    return invited.link;
  };
  const submit = (path: string, fields: Record<string, string>, ip: string) =>
    fetch(baseURL + path, { method: "POST", headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip }, body: new URLSearchParams(fields), redirect: "manual" });
  /** argon2id hashes computed so far by this process (the runtime's `argon2_operations_total`). */
  const argon2Hashes = async () => {
    const metric = await runtime.metrics.registry.getSingleMetric("argon2_operations_total")!.get();
    return metric.values.find((value) => value.labels.operation === "hash")?.value ?? 0;
  };

  it("made-up links are answered without a password hash, and one address's posts get 429 with Retry-After after 10, the typed id kept", async () => {
    const ip = uniqueClientIp();
    const before = await argon2Hashes();
    const fields = { loginId: "guesser", password: "made-up-password-1", passwordConfirm: "made-up-password-1" };
    for (let i = 0; i < 10; i++) {
      const token = Buffer.from(`made-up-invitation-${i}`.padEnd(32, "x")).toString("base64url");
      const answer = await submit(`/adminInvite/${token}`, fields, ip);
      expect(answer.status, `post ${i + 1}`).toBe(410);
      expect(await answer.text()).toContain("초대 링크를 쓸 수 없습니다");
    }
    expect(await argon2Hashes(), "no argon2id hash for a link never issued").toBe(before);

    const link = await invite("제한 확인", "limit@example.com", "editor");
    const limited = await submit(link, { ...fields, loginId: "limited-id" }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    const html = await limited.text();
    expect(html).toContain("이 네트워크에서 보낸 요청이 너무 많습니다.");
    expect(html, "the typed id is kept").toContain('value="limited-id"');
    expect(html, "the password is not sent back").not.toContain("made-up-password-1");
    expect(await argon2Hashes()).toBe(before);

    // Another address is not limited: the same link makes the account (one hash).
    const accepted = await submit(link, { ...fields, loginId: "limited-id" }, uniqueClientIp());
    expect(accepted.status).toBe(302);
    expect(await argon2Hashes()).toBe(before + 1);
  });
});
