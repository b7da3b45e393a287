/**
 * Checks the access records' hash chain (접속기록, decision 039):
 * `npm run access-records:verify [-- --anchor <id>:<hash> ... --anchor-file <file> ...]`.
 *
 * Besides the chain itself, every head written down is checked: the server's daily heads in the file
 * beside the backups (BACKUP_DIR, or `backups/` of the private storage), the heads the database kept
 * (each day's, each monthly inspection's), copies of the file kept elsewhere (`--anchor-file`) and heads
 * noted by hand (`--anchor`, as the output and the file print them). An anchored entry that is gone (the
 * newest entries deleted and the head moved back) or whose hash differs is reported.
 *
 * Prints "OK" with the number of entries checked, the head's id and hash (note them elsewhere: they are
 * the next check's anchor) and how many anchors held; or the id of the first entry that does not fit and
 * why, and exits 1. Exits 2 when it cannot check (no database, an unreachable one, an unreadable anchor).
 * Uses DATABASE_URL / DATA_DIR like the server; with the embedded PostgreSQL it connects to the running
 * server's, or starts it for the check when no server runs — the workspace's 접속기록 page runs the same check.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import { embeddedClusterExists } from "../app/server/platform/embedded-postgres-paths.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { openStorages } from "../app/server/platform/storages.server";
import { headFileFor, parseAnchor, parseHeadFile } from "../app/server/privacy/access-record-heads.server";
import { verifyAccessRecords, type ChainAnchor, type ChainVerification } from "../app/server/privacy/access-records.server";

function readArguments(): { anchors: string[]; files: string[] } {
  try {
    const { values } = parseArgs({ options: { anchor: { type: "string", multiple: true }, "anchor-file": { type: "string", multiple: true } } });
    return { anchors: values.anchor ?? [], files: values["anchor-file"] ?? [] };
  } catch {
    throw new Error("사용법: npm run access-records:verify -- [--anchor 번호:해시 ...] [--anchor-file 파일 ...]");
  }
}

/** The anchors given on the command line and in the files it names. */
function givenAnchors(args: { anchors: string[]; files: string[] }): ChainAnchor[] {
  const anchors = args.anchors.map((value) => {
    const anchor = parseAnchor(value, "명령줄");
    if (!anchor) throw new Error(`--anchor 값은 ‘번호:해시’ 형식이어야 합니다 (해시는 64자리 16진수): ${value}`);
    return anchor;
  });
  for (const file of args.files) {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      throw new Error(`--anchor-file로 준 파일을 읽을 수 없습니다: ${file}`);
    }
    const found = parseHeadFile(text, file);
    if (found.length === 0) throw new Error(`--anchor-file로 준 파일에 ‘번호:해시’ 기록이 없습니다: ${file}`);
    anchors.push(...found);
  }
  return anchors;
}

function brokenMessage(result: Extract<ChainVerification, { ok: false }>): string {
  switch (result.problem) {
    case "hash":
      return "기록된 뒤에 내용이 바뀌었습니다";
    case "missing-tail":
      return "이 기록이 있어야 하는데 없습니다 (가장 최근 기록이 지워졌습니다)";
    case "prev-hash":
      return "앞 기록과의 연결이 끊겼습니다 (앞의 기록이 지워졌거나 이 기록이 끼워 넣어졌습니다)";
    case "anchor-missing":
      return `${result.anchor?.source ?? "기준점"}에 적어 둔 기록인데 없습니다 (이 기록부터 그 뒤의 기록이 지워지고 마지막 기록 표시가 앞으로 옮겨졌습니다)`;
    case "anchor-hash":
      return `${result.anchor?.source ?? "기준점"}에 적어 둔 해시와 다릅니다 (이 기록까지가 다시 쓰였습니다; 적어 둔 해시 ${result.anchor?.hash ?? ""})`;
  }
}

async function main(): Promise<number> {
  const args = readArguments();
  const env = loadEnv();
  const anchors = givenAnchors(args);
  if (!env.DATABASE_URL && !embeddedClusterExists(env.DATA_DIR)) {
    throw new Error(`확인할 사이트의 데이터베이스가 없습니다: ${env.DATA_DIR}에 데이터베이스가 없습니다. DATA_DIR 또는 DATABASE_URL을 확인하세요.`);
  }
  // The server's head file, where BACKUP_TARGET keeps the backups.
  const storages = openStorages(env);
  const headFile = headFileFor(env, storages.privateStorage);
  try {
    anchors.push(...parseHeadFile(await headFile.read(), headFile.description));
  } finally {
    storages.close();
  }
  const database = await openDatabaseForScript(
    env,
    createLogger("warn"),
    "서버가 완전히 시작된 뒤 다시 실행하거나, 관리 화면의 ‘접속기록’에서 확인하세요.",
  );
  try {
    const result = await verifyAccessRecords(database.db, anchors);
    if (!result.ok) {
      process.stdout.write(`BROKEN: 접속기록 #${result.brokenId}: ${brokenMessage(result)}.\n`);
      return 1;
    }
    process.stdout.write(
      `OK: 접속기록 ${result.count}건의 연결이 맞습니다.\n` +
        (result.head ? `마지막 기록(head): ${result.head.id}:${result.head.hash}\n` : "마지막 기록(head): 없음 (아직 기록이 없습니다)\n") +
        `적어 둔 마지막 기록(기준점) ${result.anchors}개가 그대로 있습니다 (${headFile.description}${args.files.length > 0 ? `, ${args.files.join(", ")}` : ""}, 데이터베이스의 일일 기록과 월별 점검${args.anchors.length > 0 ? ", 명령줄" : ""}).\n`,
    );
    return 0;
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
