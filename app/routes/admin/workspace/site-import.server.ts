import { desc, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { siteImports } from "../../../../drizzle/schema";
import { emptyImportReport, IMPORT_KINDS, type ImportKind, type SiteImportReport } from "../../../domain/site-import";
import { formatKst } from "../../../domain/kst";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { z } from "../../../domain/zod";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { oldSiteBase, SiteImportError } from "../../../server/import/old-site-requests.server";
import { checkOldSite, runSiteImport } from "../../../server/import/site-import.server";
import type { Services } from "../../../server/platform/services.server";

/**
 * /admin/import: the move from the original site as the running server's own job, and the last run's
 * report (and the last dry run's, kept in site_imports so that every app process shows it). The command line
 * (`npm run import:site`) runs the same import and shows up here too; the page does not tell staff about it.
 */

const formSchema = z.object({
  from: z
    .string()
    .trim()
    .min(1, "예전 사이트 주소를 입력해 주세요. 예: https://old.we-ent.co.kr")
    .max(500, "주소가 너무 깁니다.")
    .refine((value) => {
      try {
        oldSiteBase(value);
        return true;
      } catch {
        return false;
      }
    }, "http:// 또는 https://로 시작하는 주소를 입력해 주세요. 예: https://old.we-ent.co.kr"),
  only: z.array(z.enum(IMPORT_KINDS)).min(1, "가져올 항목을 하나 이상 선택해 주세요."),
  dryRun: z.boolean(),
});

export interface SiteImportFormValues {
  from: string;
  only: ImportKind[];
  dryRun: boolean;
}

export async function loadSiteImport(ctx: RequestContext) {
  staffSessionOf(ctx);
  const { db } = ctx.runtime;
  const [last] = await db.select().from(siteImports).where(eq(siteImports.dryRun, false)).orderBy(desc(siteImports.id)).limit(1);
  const [lastDry] = await db.select().from(siteImports).where(eq(siteImports.dryRun, true)).orderBy(desc(siteImports.id)).limit(1);
  const stored = lastDry && "counts" in lastDry.report ? (lastDry.report as unknown as SiteImportReport) : null;
  // A dry run newer than the last real run: shown, and its address and kinds fill the form for the real one.
  const dryRun = stored && (!last || new Date(stored.startedAt) > last.startedAt) ? stored : null;
  return {
    last: last
      ? {
          id: last.id,
          state: last.state as "running" | "finished" | "failed" | "interrupted",
          actor: last.actorLabel,
          startedAt: formatKst(last.startedAt),
          finishedAt: last.finishedAt ? formatKst(last.finishedAt) : null,
          // A row whose run has not written its first report yet reads as an empty one.
          report: "counts" in last.report ? (last.report as unknown as SiteImportReport) : emptyImportReport(last.origin, IMPORT_KINDS.filter((k) => last.only.includes(k)), last.dryRun, last.startedAt),
        }
      : null,
    dryRun,
    defaults: { from: dryRun?.origin ?? last?.origin ?? "", only: dryRun ? [...dryRun.only] : [...IMPORT_KINDS], dryRun: false } satisfies SiteImportFormValues,
  };
}

export async function handleSiteImportAction(ctx: RequestContext, request: Request) {
  const session = staffSessionOf(ctx);
  const read = await readStaffForm<SiteImportFormValues>(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const values: SiteImportFormValues = {
    from: String(form.get("from") ?? ""),
    only: form.getAll("only").map(String).filter((kind): kind is ImportKind => (IMPORT_KINDS as readonly string[]).includes(kind)),
    dryRun: form.get("dryRun") === "on",
  };
  const parsed = formSchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return data({ formError: "입력한 내용을 확인해 주세요.", fields, values }, { status: 400 });
  }
  const services: Services = ctx.runtime;
  const actor = staffActor(session, ctx);
  // An address that leads nowhere, or to a site that is not the old one, is the address field's error
  // (decision 066): nothing runs, no report of zeros.
  const problem = await checkOldSite(services, parsed.data.from, parsed.data.only);
  if (problem) {
    const formError = problem.problem === "unreachable" ? "예전 사이트에 연결하지 못했습니다." : problem.problem === "not-old-site" ? "이 주소에서 예전 사이트를 찾지 못했습니다." : "예전 사이트를 읽지 못했습니다.";
    return data({ formError, fields: { from: problem.message }, values }, { status: 422 });
  }
  if (parsed.data.dryRun) {
    let report: SiteImportReport;
    try {
      report = await runSiteImport(services, { ...parsed.data, actor });
    } catch (error) {
      if (!(error instanceof SiteImportError)) throw error;
      return data({ formError: error.message, fields: {}, values }, { status: 409 });
    }
    // Stopped half way (the old site went away meanwhile): said as such, never "마쳤습니다".
    if (report.error) return data({ formError: `시험 실행이 중간에 멈췄습니다. ${report.error}`, fields: {}, values }, { status: 422 });
    return redirect(WORKSPACE_PATHS.siteImport, { headers: { "Set-Cookie": await setFlash("site-import-dry-run") } });
  }
  // The run goes on after this answer, as the server's own job; the page shows its progress.
  const started = new Promise<void>((resolve, reject) => {
    runSiteImport(services, { ...parsed.data, actor, onStarted: resolve }).then(
      (report) => services.logger.info({ origin: report.origin, counts: report.counts, seconds: report.seconds }, "site import finished"),
      (error: unknown) => {
        reject(error);
        // A refusal (another run is going on) is answered to the form; anything else is a failure.
        if (error instanceof SiteImportError) services.logger.warn({ reason: error.message }, "site import not started");
        else services.logger.error({ err: error }, "site import failed");
      },
    );
  });
  try {
    await started;
  } catch (error) {
    if (!(error instanceof SiteImportError)) throw error;
    return data({ formError: error.message, fields: {}, values }, { status: 409 });
  }
  return redirect(WORKSPACE_PATHS.siteImport, { headers: { "Set-Cookie": await setFlash("site-import-started") } });
}
