import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, sessions } from "../../../drizzle/schema";
import { ensureAdminCredential } from "../../../app/server/auth/admin-credential.server";
import { verifyPassword } from "../../../app/server/auth/passwords.server";
import { useTestDatabase } from "../../setup/test-database";

describe("administrator credential at start", () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("with no admin and no env, generates a strong password that works, stored only as an argon2id hash", async () => {
    const result = await ensureAdminCredential(database.db, null);
    expect(result.action).toBe("generated");
    if (result.action !== "generated") return;
    expect(result.password.length).toBeGreaterThanOrEqual(20);
    const [admin] = await database.db.select().from(staffUsers);
    expect(admin!.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(admin!.passwordHash).not.toContain(result.password);
    expect(await verifyPassword(admin!.passwordHash, result.password)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, "admin")).toBe(false);
    // A second start with nothing configured keeps it.
    expect((await ensureAdminCredential(database.db, null)).action).toBe("unchanged");
    // The first account enrolls its second factor after signing in with this password (decision 040).
    expect(admin!.selfEnrollment).toBe(true);
  });

  it("ADMIN_ID/ADMIN_PASSWORD reset it and end existing sessions; the same values again change nothing", async () => {
    const [admin] = await database.db.select().from(staffUsers);
    await database.db
      .insert(sessions)
      .values({ tokenHash: "h1", staffId: admin!.id, expiresAt: new Date(Date.now() + 60_000) });

    const reset = await ensureAdminCredential(database.db, { loginId: " Manager ", password: "correct horse battery" });
    expect(reset).toEqual({ action: "reset-from-env", loginId: "manager" });
    expect(await database.db.select().from(sessions).where(eq(sessions.staffId, admin!.id))).toHaveLength(0);
    const [updated] = await database.db.select().from(staffUsers);
    expect(await verifyPassword(updated!.passwordHash, "correct horse battery")).toBe(true);
    expect(await database.db.select().from(staffUsers)).toHaveLength(1);

    await database.db
      .insert(sessions)
      .values({ tokenHash: "h2", staffId: admin!.id, expiresAt: new Date(Date.now() + 60_000) });
    expect((await ensureAdminCredential(database.db, { loginId: "manager", password: "correct horse battery" })).action).toBe(
      "unchanged",
    );
    expect(await database.db.select().from(sessions)).toHaveLength(1);
  });

  it("an owner ADMIN_ID adds beside other accounts enrolls through a link, not after a password-only sign-in", async () => {
    await database.db.insert(staffUsers).values({ loginId: "invited-editor", passwordHash: "x", role: "editor" });
    expect(await ensureAdminCredential(database.db, { loginId: "second-owner", password: "another long password" })).toEqual({ action: "created-from-env", loginId: "second-owner" });
    const [second] = await database.db.select().from(staffUsers).where(eq(staffUsers.loginId, "second-owner"));
    expect(second).toMatchObject({ role: "owner", selfEnrollment: false });
  });
});
