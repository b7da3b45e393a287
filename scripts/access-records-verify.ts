/**
 * Checks the access records' hash chain (접속기록, decision 039): `npm run access-records:verify`.
 * Prints "OK" with the number of entries checked, or the id of the first entry that does not fit (its
 * hash does not match its fields, or its prev_hash breaks the chain: an entry edited, inserted or
 * deleted) and exits 1 (2 when it cannot check: no database, PGlite in use). Uses DATABASE_URL / DATA_DIR like the server; with PGlite the server must be
 * stopped first (one process per data directory) — the workspace's 접속기록 page runs the same check.
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { verifyAccessRecords } from "../app/server/privacy/access-records.server";

async function main(): Promise<number> {
  const env = loadEnv();
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "pglite"))) {
    throw new Error(`확인할 사이트의 데이터베이스가 없습니다: ${env.DATA_DIR}에 PGlite 데이터가 없습니다. DATA_DIR 또는 DATABASE_URL을 확인하세요.`);
  }
  const database = await openDatabaseForScript(
    env,
    createLogger("warn"),
    "PGlite는 한 프로세스만 열 수 있어 지금은 확인할 수 없습니다: 서버를 멈춘 뒤 다시 실행하거나, 관리 화면의 ‘접속기록’에서 확인하세요.",
  );
  try {
    const result = await verifyAccessRecords(database.db);
    if (result.ok) {
      process.stdout.write(`OK: 접속기록 ${result.count}건의 연결이 맞습니다.\n`);
      return 0;
    }
    const why =
      result.problem === "hash"
        ? "기록된 뒤에 내용이 바뀌었습니다"
        : result.problem === "missing-tail"
          ? "이 기록이 있어야 하는데 없습니다 (가장 최근 기록이 지워졌습니다)"
          : "앞 기록과의 연결이 끊겼습니다 (앞의 기록이 지워졌거나 이 기록이 끼워 넣어졌습니다)";
    process.stdout.write(`BROKEN: 접속기록 #${result.brokenId}: ${why}.\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
