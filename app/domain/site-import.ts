/**
 * The move from the original site (`npm run import:site`, decision 045): what a run is asked to bring
 * and the report it gives, shared by the command line, the server's import job and the workspace.
 */

export const IMPORT_KINDS = ["artists", "news", "notices"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { artists: "배우", news: "뉴스", notices: "공지사항" };

export const IMPORT_OUTCOMES = ["created", "updated", "unchanged", "conflict", "skipped"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  created: "새로 추가",
  updated: "갱신",
  unchanged: "변경 없음",
  conflict: "충돌",
  skipped: "건너뜀",
};

/** One record's note in the report: which record (an artist's name, "#12 제목") and why. */
export interface ImportNote {
  kind: ImportKind;
  record: string;
  reason: string;
}

export interface SiteImportReport {
  origin: string;
  only: ImportKind[];
  dryRun: boolean;
  counts: Record<ImportKind, Record<ImportOutcome, number>>;
  /** Changed on the old site and edited here since the last import: left as it is here. */
  conflicts: ImportNote[];
  /** Not imported (or not wholly): bad data, a missing image, a post without content. */
  skipped: ImportNote[];
  /** Imported after a repair (a list that was not JSON, an unreadable date, an image left out). */
  repaired: ImportNote[];
  images: { downloaded: number; bytes: number; reused: number; failed: number };
  progress: { done: number; total: number };
  startedAt: string;
  finishedAt: string | null;
  seconds: number;
  /** Why the run stopped before the end (the old site could not be reached at all, …). */
  error: string | null;
}

export function emptyImportReport(origin: string, only: readonly ImportKind[], dryRun: boolean, startedAt: Date): SiteImportReport {
  const zero = () => Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, 0])) as Record<ImportOutcome, number>;
  return {
    origin,
    only: [...only],
    dryRun,
    counts: { artists: zero(), news: zero(), notices: zero() },
    conflicts: [],
    skipped: [],
    repaired: [],
    images: { downloaded: 0, bytes: 0, reused: 0, failed: 0 },
    progress: { done: 0, total: 0 },
    startedAt: startedAt.toISOString(),
    finishedAt: null,
    seconds: 0,
    error: null,
  };
}

/** "1.2MB", "340KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  return `${Math.round(bytes / 1024)}KB`;
}

/** One line for the activity log: "배우 30 추가 · 뉴스 120 추가 · 충돌 2 · 건너뜀 3". */
export function summarizeImport(report: SiteImportReport): string {
  const parts: string[] = [];
  for (const kind of report.only) {
    const c = report.counts[kind];
    const done = [c.created ? `${c.created} 추가` : "", c.updated ? `${c.updated} 갱신` : ""].filter(Boolean).join(", ");
    parts.push(`${IMPORT_KIND_LABELS[kind]} ${done || "변경 없음"}`);
  }
  const conflicts = report.conflicts.length;
  const skipped = IMPORT_KINDS.reduce((sum, kind) => sum + report.counts[kind].skipped, 0);
  if (conflicts) parts.push(`충돌 ${conflicts}`);
  if (skipped) parts.push(`건너뜀 ${skipped}`);
  return `${report.origin}: ${parts.join(" · ")}`;
}

/** The report as the command line prints it (and the workspace shows it), line by line. */
export function importReportLines(report: SiteImportReport): string[] {
  const lines = [`${report.dryRun ? "[시험 실행: 아무것도 저장하지 않았습니다] " : ""}${report.origin}에서 가져오기`];
  lines.push(`  ${["", ...IMPORT_OUTCOMES.map((o) => IMPORT_OUTCOME_LABELS[o])].join("\t")}`);
  for (const kind of report.only) lines.push(`  ${IMPORT_KIND_LABELS[kind]}\t${IMPORT_OUTCOMES.map((o) => report.counts[kind][o]).join("\t")}`);
  const { images } = report;
  lines.push(`  이미지: 내려받음 ${images.downloaded}개(${formatBytes(images.bytes)}), 이미 있음 ${images.reused}개, 실패 ${images.failed}개`);
  lines.push(`  걸린 시간: ${report.seconds.toFixed(1)}초`);
  for (const [title, notes] of [
    ["충돌 (여기서 고친 기록은 그대로 두었습니다)", report.conflicts],
    ["건너뜀", report.skipped],
    ["고쳐서 가져옴", report.repaired],
  ] as const) {
    if (notes.length === 0) continue;
    lines.push(`${title}:`);
    for (const note of notes) lines.push(`  - ${IMPORT_KIND_LABELS[note.kind]} ${note.record}: ${note.reason}`);
  }
  if (report.error) lines.push(`중단됨: ${report.error}`);
  return lines;
}
