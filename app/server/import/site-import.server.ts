import { withParticle } from "../../domain/korean";
import { emptyImportReport, IMPORT_KINDS, type ImportKind, type SiteImportReport } from "../../domain/site-import";
import type { Actor, Services } from "../platform/services.server";
import { importArtists } from "./import-artists.server";
import type { ImportContext } from "./import-context.server";
import { imageImporter } from "./import-images.server";
import { claimImportRun, finishImportRun, progressSaver, type ImportLease, type ImportRunFacts } from "./import-lease.server";
import { importPosts, POST_KIND_OF } from "./import-posts.server";
import { listOf, OLD_SITE_PATHS, oldSiteRecordLabel } from "./old-site.server";
import { CHECK_NOT_OLD_SITE, OLD_SITE_REQUEST_LIMITS, oldSiteBase, oldSiteJson, SiteImportError, type OldSiteRequestLimits } from "./old-site-requests.server";

/**
 * The move from the original site (decision 045): reads every artist, news post and notice through the
 * old site's API (old-site-requests.server.ts, read tolerantly by old-site.server.ts), brings their
 * images through the media pipeline (import-images.server.ts), and saves them through the same use
 * cases as the workspace (import-artists.server.ts, import-posts.server.ts). Each record's origin is
 * written in the save's own transaction (import-provenance.server.ts), so a re-run (or a run after an
 * interrupted one) adds what is new, updates what changed there, and reports as a conflict what changed
 * there after it was edited here; it never deletes anything here. One run at a time
 * (import-lease.server.ts).
 */

export interface SiteImportOptions {
  /** The old site, e.g. `https://old.we-ent.co.kr` (a path prefix is kept). */
  from: string;
  only?: readonly ImportKind[];
  dryRun?: boolean;
  /** Who runs it (the activity log's one entry, and the revisions' author). */
  actor: Actor;
  /** Called after each record with the report so far. */
  onProgress?: (report: SiteImportReport, current: string) => void;
  signal?: AbortSignal;
  /** Called once the run holds the one-import-at-a-time lease (at once for a dry run). */
  onStarted?: () => void;
  /** Old-site API calls: limits of one answer (tests make them small). */
  requestLimits?: Partial<OldSiteRequestLimits>;
}

export async function runSiteImport(services: Services, options: SiteImportOptions): Promise<SiteImportReport> {
  const base = oldSiteBase(options.from);
  const only = IMPORT_KINDS.filter((kind) => !options.only || options.only.includes(kind));
  const dryRun = options.dryRun === true;
  const started = new Date();
  const run: ImportRunFacts = { base, only, actorLabel: options.actor.label ?? "", report: emptyImportReport(base, only, dryRun, started), started };
  const lease = dryRun ? null : await claimImportRun(services.db, run);
  options.onStarted?.();
  const context = importContext(services, options, run, lease);
  try {
    await importEverything(context, only, options.onProgress);
  } catch (error) {
    if (!(error instanceof SiteImportError)) {
      await finishImportRun(services.db, lease, run, options.actor, "failed", error instanceof Error && error.name === "AbortError" ? "가져오기를 중단했습니다." : "예기치 않은 오류로 멈췄습니다. 다시 실행하면 이어서 가져옵니다.");
      throw error;
    }
    run.report.error = error.message;
  }
  await finishImportRun(services.db, lease, run, options.actor, run.report.error ? "failed" : "finished", run.report.error);
  return run.report;
}

/** The run's context: the old site's reader, the images' cache, and the progress told and saved after each record. */
function importContext(services: Services, options: SiteImportOptions, run: ImportRunFacts, lease: ImportLease | null): ImportContext {
  const { base, report, started } = run;
  const requestLimits = { allowPrivateHosts: services.remoteImages.allowPrivateHosts, ...OLD_SITE_REQUEST_LIMITS, ...options.requestLimits };
  // The revisions' author; `batch`: the whole run makes one activity-log entry (finishImportRun).
  const images = { services, actor: { ...options.actor, batch: true }, origin: new URL(base).origin, dryRun: report.dryRun, report, signal: options.signal };
  const saveProgress = progressSaver(services.db, lease, report);
  return {
    ...images,
    base,
    getJson: oldSiteJson(base, requestLimits, options.signal),
    bringImages: imageImporter(images),
    async tick(current) {
      report.progress.done++;
      report.seconds = (Date.now() - started.getTime()) / 1000;
      options.onProgress?.(report, current);
      await saveProgress();
    },
  };
}

const listPath = (kind: ImportKind) => (kind === "artists" ? OLD_SITE_PATHS.artists : OLD_SITE_PATHS.list(POST_KIND_OF[kind]));

/** A list answer that is not one: the address leads to another site (or another kind of page). */
const noList = (kind: ImportKind) =>
  new SiteImportError(`이 주소에서 예전 사이트의 ${withParticle(oldSiteRecordLabel(listPath(kind)), "을/를")} 찾지 못했습니다. ${CHECK_NOT_OLD_SITE}`, { problem: "not-old-site" });

/**
 * Whether the address is the old WE site, before a run starts (decision 066): the list of the first
 * kind chosen is read. The refusal, in staff's words, says whether the address leads nowhere or to
 * another site, and what to check; null when the list is there.
 */
export async function checkOldSite(services: Services, from: string, only: readonly ImportKind[], requestLimits?: Partial<OldSiteRequestLimits>): Promise<SiteImportError | null> {
  let base: string;
  try {
    base = oldSiteBase(from);
  } catch (error) {
    if (error instanceof SiteImportError) return error;
    throw error;
  }
  const kind = IMPORT_KINDS.find((k) => only.includes(k)) ?? "artists";
  const getJson = oldSiteJson(base, { allowPrivateHosts: services.remoteImages.allowPrivateHosts, ...OLD_SITE_REQUEST_LIMITS, ...requestLimits });
  try {
    const list = listOf(await getJson(listPath(kind)));
    if (!list) return noList(kind);
    // The old site's records are objects: a list of anything else is another site's.
    if (list.length > 0 && !list.some((item) => typeof item === "object" && item !== null && !Array.isArray(item))) return noList(kind);
    return null;
  } catch (error) {
    if (error instanceof SiteImportError) return error;
    throw error;
  }
}

/** The lists first, so the progress knows the whole; then every record of each kind. */
async function importEverything(ctx: ImportContext, only: ImportKind[], onProgress: SiteImportOptions["onProgress"]): Promise<void> {
  const lists = new Map<ImportKind, unknown[]>();
  for (const kind of only) {
    const list = listOf(await ctx.getJson(listPath(kind)));
    if (!list) throw noList(kind);
    lists.set(kind, list);
    ctx.report.progress.total += list.length;
  }
  onProgress?.(ctx.report, "목록을 읽었습니다");
  for (const kind of only) {
    if (kind === "artists") await importArtists(ctx, lists.get(kind)!);
    else await importPosts(ctx, kind, lists.get(kind)!);
  }
}
