import { diffArrays, diffWords } from "diff";
import { data, redirect } from "react-router";
import { artistEnglishLines, artistFieldAuditLabels, type ArtistEnglish } from "../../../domain/artist-fields";
import { ARTIST_STATUS_LABELS, POST_STATUS_LABELS, type ArtistStatus, type PostStatus } from "../../../domain/content-states";
import { REEL_PROVIDER_NAMES, reelWatchUrl, storedReels } from "../../../domain/reels";
import { formatKst } from "../../../domain/kst";
import { POST_FIELDS, postFieldLabels } from "../../../domain/post-fields";
import { POST_KIND_INFO, postEditorPath } from "../../../domain/post-kinds";
import { artistEditorPath, historyPath, type HistorySubject } from "../../../domain/site-routes";
import { artistSnapshotToInput, saveArtist } from "../../../server/artists/artist-use-cases.server";
import { getArtistById } from "../../../server/artists/artist-queries.server";
import { getRevision, listRevisions, type Revision } from "../../../server/history/revisions.server";
import { adminActor, readAdminForm, replyWith } from "../../../server/route-kit/admin-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { getPostById } from "../../../server/posts/post-queries.server";
import { postSnapshotToRequest, savePost } from "../../../server/posts/post-use-cases.server";
import { postHtmlToText } from "../../../server/platform/sanitize-html.server";

/** The history's field names, as people read them. */
const FIELD_LABELS: Record<string, string> = {
  ...postFieldLabels(),
  en: "영문 프로필",
  status: "공개 상태",
  publishAt: "예약 공개 시각",
  unpublishAt: "공개 종료 시각",
  pinned: "공지 고정",
  imageUrls: "사진",
  reels: "영상",
  ...artistFieldAuditLabels(),
};

/** The post fields holding HTML, shown as their text. */
const POST_HTML_FIELDS = new Set<string>(POST_FIELDS.filter((f) => f.kind === "html").map((f) => f.key));

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
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

/** The record a history belongs to: its name, where it is edited, and its current snapshot. */
async function recordOf(ctx: RequestContext, subject: HistorySubject, id: number) {
  if (subject === "post") {
    const post = await getPostById(ctx.runtime.db, id);
    if (!post) throw data(null, { status: 404 });
    return {
      title: post.title,
      kindLabel: POST_KIND_INFO[post.kind].label,
      editHref: post.deletedAt ? null : postEditorPath(post.kind, post.postId),
      inTrash: post.deletedAt !== null,
    };
  }
  const artist = await getArtistById(ctx.runtime.db, id);
  if (!artist) throw data(null, { status: 404 });
  return { title: artist.name, kindLabel: "배우", editHref: artist.deletedAt ? null : artistEditorPath(artist.name), inTrash: artist.deletedAt !== null };
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
      changed: revision.version === 1 ? [] : revision.changedFields.map(fieldLabel),
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

/** A snapshot value as people read it (HTML as text, states by name, times in KST). */
function readable(field: string, value: unknown): string | string[] {
  if (value === null || value === undefined || value === "") return "";
  if (POST_HTML_FIELDS.has(field)) return postHtmlToText(String(value));
  // The English profile: one line per entry, named by its field.
  if (field === "en" && typeof value === "object") {
    return artistEnglishLines(value as ArtistEnglish);
  }
  // Showreels: one line per reel, "YouTube · 제목 · 주소".
  if (field === "reels") return storedReels(value).map((reel) => [REEL_PROVIDER_NAMES[reel.provider].ko, reel.title, reelWatchUrl(reel)].filter(Boolean).join(" · "));
  if (field === "status") return POST_STATUS_LABELS[value as PostStatus] ?? ARTIST_STATUS_LABELS[value as ArtistStatus] ?? String(value);
  if (field === "publishAt" || field === "unpublishAt") return formatKst(new Date(String(value)));
  if (field === "pinned") return value === true ? "고정" : "고정 안 함";
  if (Array.isArray(value)) return value.map(String);
  return String(value);
}

function compare(field: string, older: unknown, newer: unknown): FieldComparison {
  const a = readable(field, older);
  const b = readable(field, newer);
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
  return { field, label: fieldLabel(field), changed, list, parts };
}

/** Compares a revision with the current version (the newest revision), field by field. */
export function compareSnapshots(older: Revision, current: Revision): FieldComparison[] {
  const fields = [...new Set([...Object.keys(current.snapshot), ...Object.keys(older.snapshot)])];
  return fields.map((field) => compare(field, older.snapshot[field], current.snapshot[field]));
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
    comparison: compareSnapshots(revision, latest),
  };
}

/** Restores a revision: its snapshot is saved again through the use case, as a new revision. */
export async function handleRevisionAction(ctx: RequestContext, request: Request, subject: HistorySubject, rawId: string | undefined, rawRevisionId: string | undefined) {
  const read = await readAdminForm(request, []);
  if ("refused" in read) return read.refused;
  const session = staffSessionOf(ctx);
  const id = parseId(rawId);
  const revision = await getRevision(ctx.runtime.db, subject, id, parseId(rawRevisionId));
  if (!revision || read.form.get("intent") !== "restore") throw data(null, { status: 404 });
  const actor = adminActor(session, ctx);
  const back = { headers: { "Set-Cookie": await setFlash("revision-restored") } };
  if (subject === "post") {
    const post = await getPostById(ctx.runtime.db, id);
    if (!post || post.deletedAt) return replyWith(409, { formError: "휴지통에 있는 글은 복원할 수 없습니다. 먼저 휴지통에서 꺼내 주세요." });
    const result = await savePost(ctx.runtime, actor, { kind: post.kind, postId: id, expectedVersion: null, restoredFrom: revision.version, ...postSnapshotToRequest(revision.snapshot) });
    if (result.status !== "saved") return replyWith(400, { formError: restoreFailure(result.status === "invalid" ? Object.values(result.errors)[0] : undefined) });
    return redirect(historyPath("post", id), back);
  }
  const artist = await getArtistById(ctx.runtime.db, id);
  if (!artist || artist.deletedAt) return replyWith(409, { formError: "휴지통에 있는 배우는 복원할 수 없습니다. 먼저 휴지통에서 꺼내 주세요." });
  const { input, status } = artistSnapshotToInput(revision.snapshot);
  const result = await saveArtist(ctx.runtime, actor, { existingName: artist.name, input, status, displayOrder: null, expectedVersion: null, restoredFrom: revision.version });
  if (result.status === "duplicate-name") return replyWith(409, { formError: "이 버전의 이름을 이미 다른 배우가 쓰고 있어 복원할 수 없습니다." });
  if (result.status === "unknown-image") return replyWith(409, { formError: "이 버전의 사진 가운데 이미 지워진 사진이 있어 복원할 수 없습니다." });
  if (result.status !== "saved") return replyWith(400, { formError: restoreFailure(result.status === "invalid" ? Object.values(result.errors)[0] : undefined) });
  return redirect(historyPath("artist", id), back);
}

function restoreFailure(reason: string | undefined): string {
  return `이 버전으로 복원하지 못했습니다.${reason ? ` ${reason}` : ""}`;
}
