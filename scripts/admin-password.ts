/**
 * Sets the administrator's id and password: `npm run admin:password`.
 *   interactive:   asks for the id and the password (typed twice, not echoed)
 *   piped:         `echo 'new password' | npm run admin:password -- --id admin`
 *   generated:     `npm run admin:password -- --generate` prints a strong password once
 *   lost phone:    add `--reset-second-factor` to also clear the account's second factor (TOTP secret and
 *                  recovery codes); the owner signs in with the password and enrolls again (decision 040).
 *                  Besides the first account of an installation, this is the only way an account enrolls
 *                  after a password-only sign-in; everyone else enrolls through an invitation or an
 *                  owner's setup link (decision 040, amended 2026-11-29).
 * Uses DATABASE_URL / DATA_DIR like the server; with the embedded PostgreSQL it connects to the running
 * server's, or starts it when no server runs. Existing sessions end.
 */
import readline from "node:readline";
import { parseArgs } from "node:util";
import { DEFAULT_ADMIN_ID, setAdminCredential } from "../app/server/auth/admin-credential.server";
import { eq } from "drizzle-orm";
import { staffUsers } from "../drizzle/schema";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import type { Database } from "../app/server/platform/db.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { generatePassword, normalizeLoginId } from "../app/server/auth/passwords.server";
import { resetSecondFactor } from "../app/server/auth/second-factor.server";

const MIN_LENGTH = 10;

const { values } = parseArgs({
  options: { id: { type: "string" }, generate: { type: "boolean", default: false }, "reset-second-factor": { type: "boolean", default: false } },
});

async function ask(question: string, hidden: boolean): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(question);
    };
  }
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer;
}

async function readPiped(): Promise<string> {
  let data = "";
  for await (const chunk of process.stdin) data += chunk;
  return data.split(/\r?\n/)[0] ?? "";
}

/** Whether the account may enroll its second factor after a password-only sign-in (only the first account, unless reset). */
async function selfEnrollment(db: Database, loginId: string): Promise<boolean> {
  const [row] = await db.select({ selfEnrollment: staffUsers.selfEnrollment }).from(staffUsers).where(eq(staffUsers.loginId, normalizeLoginId(loginId)));
  return row?.selfEnrollment ?? false;
}

async function main() {
  const env = loadEnv();
  let loginId = values.id ?? DEFAULT_ADMIN_ID;
  let password: string;
  if (values.generate) {
    password = generatePassword();
  } else if (process.stdin.isTTY) {
    loginId = (await ask(`관리자 아이디 (${loginId}): `, false)).trim() || loginId;
    password = await ask("새 비밀번호: ", true);
    if ((await ask("새 비밀번호 확인: ", true)) !== password) throw new Error("두 비밀번호가 일치하지 않습니다.");
  } else {
    password = await readPiped();
  }
  if (password.length < MIN_LENGTH) throw new Error(`비밀번호는 ${MIN_LENGTH}자 이상이어야 합니다.`);

  const database = await openDatabaseForScript(env, createLogger("warn"), "서버가 완전히 시작된 뒤 다시 실행하세요.");
  try {
    await database.migrate();
    const result = await setAdminCredential(database.db, loginId, password);
    process.stdout.write(`관리자 계정을 ${result === "created" ? "만들었습니다" : "변경했습니다"}: ${loginId.trim().toLowerCase()}\n`);
    if (values.generate) process.stdout.write(`비밀번호 (지금 한 번만 표시됩니다): ${password}\n`);
    if (result === "reset") process.stdout.write("기존 로그인 세션은 모두 종료되었습니다.\n");
    if (values["reset-second-factor"] && (await resetSecondFactor(database.db, loginId))) {
      process.stdout.write("2단계 인증(인증 앱, 복구 코드)을 초기화했습니다. 로그인하면 인증 앱을 다시 등록하는 화면이 나옵니다.\n");
    } else if (result === "created" && !(await selfEnrollment(database.db, loginId))) {
      process.stdout.write("이 계정은 2단계 인증을 등록해야 로그인할 수 있습니다. --reset-second-factor를 붙여 다시 실행하면 로그인한 뒤 등록할 수 있습니다.\n");
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
