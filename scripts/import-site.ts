/**
 * Brings the original site's artists, news and notices over (issue 29, decision 045):
 *
 *   npm run import:site -- --from https://OLD-HOST [--dry-run] [--only artists|news|notices] [--as LOGIN_ID]
 *
 * Reads everything through the old site's JSON API, brings every image through the media pipeline and
 * saves through the same use cases as the workspace. Safe to run again until the day of the switch: it
 * adds what is new there, updates what changed there, reports what was edited here as a conflict, and
 * never deletes anything here; an interrupted run continues where it stopped. Uses DATABASE_URL /
 * DATA_DIR and the storages like the server, and prepares the database as `npm start` does; with the
 * embedded PostgreSQL it connects to the running server's, or starts it when no server runs (the
 * workspace's 가져오기 runs the same import as the server's own job). A database it creates gets no demo content
 * (SEED_DEMO_CONTENT=true asks for it).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { staffUsers } from "../drizzle/schema";
import { IMPORT_KINDS, importReportLines, type ImportKind, type SiteImportReport } from "../app/domain/site-import";
import { openScriptServices } from "../app/server/composition/script-services.server";
import { SiteImportError } from "../app/server/import/old-site-requests.server";
import { runSiteImport } from "../app/server/import/site-import.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { systemActor, type Actor } from "../app/server/platform/services.server";

const USAGE = "사용법: npm run import:site -- --from https://이전-사이트-주소 [--dry-run] [--only artists|news|notices] [--as 관리자아이디]";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      from: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      only: { type: "string", multiple: true },
      as: { type: "string" },
    },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const { values } = parsed;
if (!values.from) fail(`--from에 이전 사이트 주소를 적어 주세요.\n${USAGE}`);
const only = (values.only ?? []).flatMap((value) => value.split(",")).map((value) => value.trim()).filter(Boolean);
const unknownKind = only.find((kind) => !(IMPORT_KINDS as readonly string[]).includes(kind));
if (unknownKind) fail(`--only에는 artists, news, notices만 쓸 수 있습니다: ${unknownKind}`);

/** A progress bar on a terminal; plain lines (every 5 %) otherwise. */
function progressPrinter() {
  const tty = process.stdout.isTTY === true;
  let lastShown = -1;
  return {
    update(report: SiteImportReport, current: string) {
      const { done, total } = report.progress;
      if (tty) {
        const width = 30;
        const filled = total > 0 ? Math.round((done / total) * width) : 0;
        const line = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${current}`;
        process.stdout.write(`\r${line.slice(0, (process.stdout.columns ?? 100) - 1).padEnd(Math.min(100, (process.stdout.columns ?? 100) - 1))}`);
        return;
      }
      const step = total > 0 ? Math.floor((done / total) * 20) : 0;
      if (done === 0 || step !== lastShown || done === total) {
        if (done > 0 && step === lastShown && done !== total) return;
        lastShown = step;
        process.stdout.write(`${done}/${total} ${current}\n`);
      }
    },
    end() {
      if (tty) process.stdout.write("\n");
    },
  };
}

async function main() {
  // A database the import creates gets no demo content unless asked for: the old site's content is the content.
  const env = loadEnv({ ...process.env, SEED_DEMO_CONTENT: process.env.SEED_DEMO_CONTENT ?? "false" });
  const logger = createLogger(env.LOG_LEVEL === "debug" ? "debug" : "warn");
  const services = await openScriptServices(
    env,
    logger,
    "서버가 완전히 시작된 뒤 다시 실행하거나, 작업 공간의 '이전 사이트 가져오기' 화면에서 서버가 직접 가져오게 하세요.",
  );
  try {
    let actor: Actor = systemActor(`사이트 가져오기 (명령줄)`);
    if (values.as) {
      const [admin] = await services.db.select({ id: staffUsers.id, loginId: staffUsers.loginId }).from(staffUsers).where(eq(staffUsers.loginId, values.as));
      if (!admin) throw new SiteImportError(`--as에 적은 관리자 계정이 없습니다: ${values.as}`);
      actor = { staffId: admin.id, via: "system", label: `${admin.loginId} (명령줄 가져오기)` };
    }
    const progress = progressPrinter();
    process.stdout.write(`${values.from}에서 ${values["dry-run"] ? "시험 삼아 " : ""}가져옵니다 (${services.engine === "pglite" ? "PGlite" : "PostgreSQL"}).\n`);
    const report = await runSiteImport(services, {
      from: values.from!,
      only: only.length > 0 ? (only as ImportKind[]) : undefined,
      dryRun: values["dry-run"],
      actor,
      onProgress: (r, current) => progress.update(r, current),
    });
    progress.end();
    process.stdout.write(`${importReportLines(report).join("\n")}\n`);
    process.exitCode = report.error ? 1 : 0;
  } finally {
    await services.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
