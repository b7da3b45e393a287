/**
 * The orphan sweep by hand: `npm run media:sweep [-- --dry-run]`. Removes (or with --dry-run only lists)
 * the stored files of both storages that no database record refers to and that are older than the grace
 * period, as every app server does once a day by itself. Uses DATABASE_URL / DATA_DIR and the storages
 * like the server; with the embedded PostgreSQL it connects to the running server's, or starts it when
 * no server runs.
 * See docs/decisions/035-orphaned-files.md.
 */
import { parseArgs } from "node:util";
import { formatKst } from "../app/domain/kst";
import { formatFileSize } from "../app/domain/application-form-file";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import { ORPHAN_GRACE_MS, sweepOrphans, type StorageSweep } from "../app/server/jobs/storage-sweep.server";
import { embeddedClusterExists } from "../app/server/platform/embedded-postgres-paths.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { systemActor } from "../app/server/platform/services.server";
import { openStorages } from "../app/server/platform/storages.server";

const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } });

const sizeOf = (bytes: number) => (bytes === 0 ? "0KB" : formatFileSize(bytes));

function describe(label: string, swept: StorageSweep, dryRun: boolean): string {
  const bytes = swept.orphans.reduce((sum, o) => sum + o.bytes, 0);
  const lines = [`  ${label}: 파일 ${swept.objects}개 중 쓰지 않는 오래된 파일 ${swept.orphans.length}개 (${sizeOf(bytes)})`];
  if (swept.braked) lines.push(`    절반이 넘는 파일이 쓰이지 않는 것으로 보여 하나도 ${dryRun ? "지우지 않을 것입니다" : "지우지 않았습니다"}. DATABASE_URL이나 DATA_DIR이 이 사이트의 것인지 확인하세요.`);
  for (const object of swept.orphans) lines.push(`    ${object.key} (${sizeOf(object.bytes)}, ${formatKst(object.modifiedAt)} 저장)`);
  if (swept.unfinished.length > 0) {
    lines.push(`  ${label}: 끝나지 못한 업로드의 임시 파일 ${swept.unfinished.length}개`);
    for (const write of swept.unfinished) lines.push(`    ${write.key} (${sizeOf(write.bytes)}, ${formatKst(write.modifiedAt)} 마지막 기록)`);
  }
  return lines.join("\n");
}

async function main() {
  const env = loadEnv();
  const dryRun = values["dry-run"];
  const logger = createLogger("warn");
  // A database that is not there would refer to nothing, and every file would look unused.
  if (!env.DATABASE_URL && !embeddedClusterExists(env.DATA_DIR)) {
    throw new Error(`정리할 사이트의 데이터베이스가 없습니다: ${env.DATA_DIR}에 데이터베이스가 없습니다. DATA_DIR 또는 DATABASE_URL을 확인하세요.`);
  }
  const database = await openDatabaseForScript(
    env,
    logger,
    "서버가 완전히 시작된 뒤 다시 실행하세요. 서버는 하루에 한 번 스스로 정리합니다.",
  );
  try {
    const storages = openStorages(env);
    const report = await sweepOrphans(
      { db: database.db, storage: storages.storage, privateStorage: storages.privateStorage, logger },
      { now: new Date(), dryRun, actor: systemActor("쓰지 않는 파일 정리(npm run media:sweep)") },
    ).finally(() => storages.close());
    const hours = ORPHAN_GRACE_MS / 3_600_000;
    const removed = (["media", "private"] as const).reduce((sum, name) => sum + (report[name].braked ? 0 : report[name].orphans.length) + report[name].unfinished.length, 0);
    process.stdout.write(
      `${dryRun ? "시험 실행입니다: 아무것도 지우지 않았습니다." : removed > 0 ? `쓰지 않는 파일 ${removed}개를 지웠습니다.` : "지울 파일이 없습니다."}\n` +
        `  어떤 기록도 가리키지 않고 ${hours}시간보다 오래된 파일만 대상입니다 (한국 시간 ${formatKst(report.cutoff)}까지 저장된 것). 예약 백업(backups/)은 건드리지 않습니다.\n` +
        `${describe("미디어 저장소", report.media, dryRun)}\n${describe("비공개 저장소", report.private, dryRun)}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
