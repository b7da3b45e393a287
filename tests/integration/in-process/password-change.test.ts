import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, auditLog, sessions } from "../../../drizzle/schema";
import { setAdminCredential } from "../../../app/server/auth/admin-credential.server";
import { changeOwnPassword } from "../../../app/server/auth/password-change.server";
import { verifyPassword } from "../../../app/server/auth/passwords.server";
import { useTestDatabase } from "../../setup/test-database";

/** A member of staff changes their own password from 내 계정 (decision 051). */
describe("changing one's own password", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const SECRET = "p".repeat(40);
  let staffId = 0;
  const actor = () => ({ staffId, via: "session" as const, label: "owner", ip: "192.0.2.1" });
  const change = (input: { current: string; next: string; confirm: string }, now = new Date()) =>
    changeOwnPassword(database.db, SECRET, actor(), { ...input, keepSession: "this-browser" }, now);

  beforeAll(async () => {
    await setAdminCredential(database.db, "owner", "the old password 1");
    staffId = (await database.db.select({ id: staffUsers.id }).from(staffUsers))[0]!.id;
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await database.db.insert(sessions).values([
      { tokenHash: "this-browser", staffId, expiresAt: later },
      { tokenHash: "a-phone", staffId, expiresAt: later },
      { tokenHash: "a-stranger", staffId, expiresAt: later },
    ]);
  });

  it("refuses bad input field by field, in Korean, and changes nothing", async () => {
    expect(await change({ current: "", next: "short", confirm: "other" })).toEqual({
      ok: false,
      status: 400,
      errors: { current: "지금 쓰는 비밀번호를 입력해 주세요.", next: "새 비밀번호는 10자 이상으로 입력해 주세요.", confirm: "두 새 비밀번호가 같지 않습니다." },
    });
    expect(await change({ current: "the old password 1", next: "the old password 1", confirm: "the old password 1" })).toMatchObject({
      ok: false,
      errors: { next: "지금 쓰는 비밀번호와 다른 비밀번호로 정해 주세요." },
    });
    expect(await change({ current: "not the password", next: "a new password 2", confirm: "a new password 2" })).toEqual({
      ok: false,
      status: 400,
      errors: { current: "지금 쓰는 비밀번호가 올바르지 않습니다." },
    });
    const [row] = await database.db.select().from(staffUsers);
    expect(await verifyPassword(row!.passwordHash, "the old password 1")).toBe(true);
  });

  it("a few wrong current passwords, then a refusal for a while", async () => {
    const at = new Date(Date.UTC(2026, 11, 1, 3, 1));
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await change({ current: `wrong ${i}`, next: "a new password 2", confirm: "a new password 2" }, at));
    expect(results.map((r) => (r.ok ? 200 : r.status))).toEqual([400, 400, 400, 400, 400, 429]);
    expect(results[5]).toMatchObject({ errors: { current: expect.stringMatching(/^비밀번호가 여러 번 틀렸습니다. \d+분 뒤에 다시 시도해 주세요.$/) } });
    // The refusal ends with its window.
    const later = new Date(at.getTime() + 16 * 60 * 1000);
    expect(await change({ current: "wrong again", next: "a new password 2", confirm: "a new password 2" }, later)).toMatchObject({ status: 400 });
  });

  it("the right current password: the new one works, the old does not, every other session ends, and it is recorded", async () => {
    expect(await change({ current: "the old password 1", next: "a new password 2", confirm: "a new password 2" })).toEqual({ ok: true, endedSessions: 2 });
    const [row] = await database.db.select().from(staffUsers);
    expect(await verifyPassword(row!.passwordHash, "a new password 2")).toBe(true);
    expect(await verifyPassword(row!.passwordHash, "the old password 1")).toBe(false);
    expect((await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.staffId, staffId))).map((s) => s.tokenHash)).toEqual(["this-browser"]);
    const actions = (await database.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toContain("password-changed");
    expect(actions).toContain("password-change-failed");
  });
});
