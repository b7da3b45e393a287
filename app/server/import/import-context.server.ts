import type { ImportKind, ImportOutcome } from "../../domain/site-import";
import type { ImageResult, ImageRun } from "./import-images.server";

/**
 * What every step of an import run works with (site-import.server.ts builds it): the services, the old
 * site, the report being filled, and the run's ways to read the old site, bring images and move on.
 */
export interface ImportContext extends ImageRun {
  /** The old site's address: its origin and path prefix. */
  base: string;
  /** One answer of the old site's API (a SiteImportError when it cannot be read). */
  getJson(path: string): Promise<unknown>;
  /** A record's images brought here, each source once in the run. */
  bringImages(references: string[]): Promise<Map<string, ImageResult>>;
  /** One record done: the progress counted, told and saved. */
  tick(current: string): Promise<void>;
}

/** Counts a record's outcome in the report. */
export function count(ctx: ImportContext, kind: ImportKind, outcome: ImportOutcome): void {
  ctx.report.counts[kind][outcome]++;
}

/** Notes a conflict, a skipped record or a repair in the report, with its reason. */
export function note(ctx: ImportContext, list: "conflicts" | "skipped" | "repaired", kind: ImportKind, record: string, reason: string): void {
  ctx.report[list].push({ kind, record, reason });
}
