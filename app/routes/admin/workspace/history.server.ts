import { diffArrays, diffWords } from "diff";
import { data, redirect } from "react-router";
import { formatKst } from "../../../domain/kst";
import { historyPath, type HistorySubject } from "../../../domain/paths";
import { ARTIST_RECORDS } from "../../../server/artists/artist-use-cases.server";
import type { EditedEntity } from "../../../server/history/edited-records.server";
import { getRevision, listRevisions, type Revision } from "../../../server/history/revisions.server";
import { staffActor, readStaffForm, replyWith } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { POST_RECORDS } from "../../../server/posts/post-use-cases.server";

/** Every entity that keeps revisions, by its history's address (decision 061: each one's descriptor). */
const SUBJECTS: Record<HistorySubject, EditedEntity> = { post: POST_RECORDS, artist: ARTIST_RECORDS };

/** How the history names a field of a subject's snapshots. */
export function fieldLabel(subject: HistorySubject, field: string): string {
  return SUBJECTS[subject].revisions.labels[field] ?? field;
}

export function parseHistorySubject(value: string | undefined): HistorySubject {
  if (value === "post" || value === "artist") return value;
  throw data(null, { status: 404 });
}

function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** The record a history belongs to: its name, where it is edited, whether it is in the trash. */
async function recordOf(ctx: RequestContext, subject: HistorySubject, id: number) {
  const record = await SUBJECTS[subject].historyRecord(ctx.runtime.db, id);
  if (!record) throw data(null, { status: 404 });
  return record;
}

/** /admin/history/{post|artist}/{id}: every saved version, newest first. */
export async function loadHistory(ctx: RequestContext, request: Request, subject: HistorySubject, rawId: string | undefined) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const id = parseId(rawId);
  const record = await recordOf(ctx, subject, id);
  const revisions = await listRevisions(ctx.runtime.db, subject, id);
  return {
    subject,
    record,
    revisions: revisions.map((revision, index) => ({
      id: revision.id,
      version: revision.version,
      when: formatKst(revision.createdAt),
      who: revision.actorLabel || "-",
      // The first version has nothing before it: it is the record as first saved, not a list of every field.
      note: revision.note || (revision.version === 1 ? "처음 저장한 버전" : ""),
      changed: revision.version === 1 ? [] : revision.changedFields.map((field) => fieldLabel(subject, field)),
      current: index === 0,
      href: historyPath(subject, id, revision.id),
    })),
  };
}

/** A part of a compared value: unchanged, only in the old version, or only in the current one. */
export interface DiffPart {
  value: string;
  change: "same" | "removed" | "added";
}

export interface FieldComparison {
  field: string;
  label: string;
  changed: boolean;
  /** A list field: one part per entry, shown one per line. */
  list: boolean;
  parts: DiffPart[];
}

/** A snapshot value as people read it: as its entity shows it (HTML as text, states by name, times in KST), else as text, a list line by line. */
function readable(subject: HistorySubject, field: string, value: unknown): string | string[] {
  if (value === null || value === undefined || value === "") return "";
  const shown = SUBJECTS[subject].revisions.readable?.(field, value) ?? null;
  if (shown !== null) return shown;
  if (Array.isArray(value)) return value.map(String);
  return String(value);
}

function compare(subject: HistorySubject, field: string, older: unknown, newer: unknown): FieldComparison {
  const a = readable(subject, field, older);
  const b = readable(subject, field, newer);
  const changed = JSON.stringify(a) !== JSON.stringify(b);
  const parts: DiffPart[] = [];
  const list = Array.isArray(a) || Array.isArray(b);
  const mark = (removed: boolean | undefined, added: boolean | undefined): DiffPart["change"] => (removed ? "removed" : added ? "added" : "same");
  if (list) {
    for (const part of diffArrays(Array.isArray(a) ? a : [a].filter(Boolean), Array.isArray(b) ? b : [b].filter(Boolean))) {
      for (const value of part.value) parts.push({ value, change: mark(part.removed, part.added) });
    }
  } else {
    for (const part of diffWords(a, b)) parts.push({ value: part.value, change: mark(part.removed, part.added) });
  }
  return { field, label: fieldLabel(subject, field), changed, list, parts };
}

/** Compares a revision with the current version (the newest revision), field by field. */
export function compareSnapshots(subject: HistorySubject, older: Revision, current: Revision): FieldComparison[] {
  const fields = [...new Set([...Object.keys(current.snapshot), ...Object.keys(older.snapshot)])];
  return fields.map((field) => compare(subject, field, older.snapshot[field], current.snapshot[field]));
}

/** /admin/history/{post|artist}/{id}/{revisionId}: that version compared with the current one. */
export async function loadRevision(ctx: RequestContext, request: Request, subject: HistorySubject, rawId: string | undefined, rawRevisionId: string | undefined) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const id = parseId(rawId);
  const revisionId = parseId(rawRevisionId);
  const record = await recordOf(ctx, subject, id);
  const [revision, [latest]] = await Promise.all([getRevision(ctx.runtime.db, subject, id, revisionId), listRevisions(ctx.runtime.db, subject, id)]);
  if (!revision || !latest) throw data(null, { status: 404 });
  return {
    subject,
    record,
    historyHref: historyPath(subject, id),
    revision: { id: revision.id, version: revision.version, when: formatKst(revision.createdAt), who: revision.actorLabel || "-" },
    current: { version: latest.version, when: formatKst(latest.createdAt) },
    isCurrent: revision.id === latest.id,
    comparison: compareSnapshots(subject, revision, latest),
  };
}

/** Restores a revision: its snapshot is saved again through the use case, as a new revision. */
export async function handleRevisionAction(ctx: RequestContext, request: Request, subject: HistorySubject, rawId: string | undefined, rawRevisionId: string | undefined) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return read.refused;
  const session = staffSessionOf(ctx);
  const id = parseId(rawId);
  const revision = await getRevision(ctx.runtime.db, subject, id, parseId(rawRevisionId));
  if (!revision || read.form.get("intent") !== "restore") throw data(null, { status: 404 });
  const actor = staffActor(session, ctx);
  const result = await SUBJECTS[subject].restoreRevision(ctx.runtime, actor, id, revision);
  if (result.status === "refused") return replyWith(result.httpStatus, { formError: result.httpStatus === 409 ? result.message : restoreFailure(result.reason) });
  return redirect(historyPath(subject, id), { headers: { "Set-Cookie": await setFlash("revision-restored") } });
}

function restoreFailure(reason: string | undefined): string {
  return `이 버전으로 복원하지 못했습니다.${reason ? ` ${reason}` : ""}`;
}
