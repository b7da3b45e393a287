import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { staffUsers } from "../../../drizzle/schema";
import { openDatabase } from "../../../app/server/platform/db.server";
import { verifyPassword } from "../../../app/server/auth/passwords.server";
import { enterableTempDir } from "../../setup/app-server";

const dataDir = enterableTempDir("we-adminpw-");
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function runScript(args: string[], input?: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-password.ts", ...args], {
    input,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_ID: "", ADMIN_PASSWORD: "" },
    timeout: 60_000,
  });
}

async function storedAdmin() {
  const db = await openDatabase({ kind: "embedded", dataDir });
  try {
    const [admin] = await db.db.select().from(staffUsers);
    return admin!;
  } finally {
    await db.close();
  }
}

describe("npm run admin:password", () => {
  it("sets the id and password read from standard input", async () => {
    const result = runScript(["--id", "Manager"], "a-new-long-password\n");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("관리자 계정을 만들었습니다: manager");
    const admin = await storedAdmin();
    expect(admin.loginId).toBe("manager");
    expect(await verifyPassword(admin.passwordHash, "a-new-long-password")).toBe(true);
  }, 60_000);

  it("refuses a short password and changes nothing", async () => {
    const result = runScript(["--id", "manager"], "short\n");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("비밀번호는 10자 이상이어야 합니다.");
    expect(await verifyPassword((await storedAdmin()).passwordHash, "a-new-long-password")).toBe(true);
  }, 60_000);

  it("--generate prints a new strong password once, and it works", async () => {
    const result = runScript(["--generate"]);
    expect(result.status).toBe(0);
    const password = /비밀번호 \(지금 한 번만 표시됩니다\): (\S+)/.exec(result.stdout)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(20);
    expect(result.stdout).toContain("기존 로그인 세션은 모두 종료되었습니다.");
    expect(await verifyPassword((await storedAdmin()).passwordHash, password!)).toBe(true);
  }, 60_000);

  it("--reset-second-factor also clears the second factor (the owner who lost the phone enrolls again)", async () => {
    const db = await openDatabase({ kind: "embedded", dataDir });
    try {
      await db.db.update(staffUsers).set({ totpSecret: "v1.sealed", totpEnabledAt: new Date(), totpLastStep: 1 });
    } finally {
      await db.close();
    }
    const result = runScript(["--id", "manager", "--reset-second-factor"], "another-long-password\n");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("2단계 인증(인증 앱, 복구 코드)을 초기화했습니다.");
    // The way back in: this account may enroll again after signing in with the password alone.
    expect(await storedAdmin()).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, selfEnrollment: true });
    expect(await verifyPassword((await storedAdmin()).passwordHash, "another-long-password")).toBe(true);
  }, 60_000);

  it("an owner created beside other accounts is told that it enrolls through --reset-second-factor (or an owner's link)", async () => {
    const db = await openDatabase({ kind: "embedded", dataDir });
    try {
      await db.db.insert(staffUsers).values({ loginId: "invited-editor", passwordHash: "x", role: "editor" });
    } finally {
      await db.close();
    }
    const created = runScript(["--id", "second-owner"], "a-second-long-password\n");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("관리자 계정을 만들었습니다: second-owner");
    expect(created.stdout).toContain("이 계정은 2단계 인증을 등록해야 로그인할 수 있습니다. --reset-second-factor를 붙여 다시 실행하면");
    const opened = runScript(["--id", "second-owner", "--reset-second-factor"], "a-second-long-password\n");
    expect(opened.stdout).toContain("2단계 인증(인증 앱, 복구 코드)을 초기화했습니다.");
  }, 60_000);
});
