import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { postMedia, posts } from "../../../drizzle/schema";
import { MAX_SCHEDULE_YEARS_AHEAD, POST_STATUS_LABELS, scheduleHorizon, type PostStatus } from "../../domain/content-states";
import { formatKst, kstDate } from "../../domain/kst";
import { POST_KIND_INFO, POST_KINDS, postEditorPath, type PostKind } from "../../domain/post-kinds";
import {
  NO_CHOICES,
  POST_FIELDS,
  pickPostChoices,
  pickPostFields,
  postFieldLabels,
  postFieldsOf,
  revisionedPostFields,
  type PostChoiceKey,
  type PostChoices,
  type PostFieldKey,
  type PostFieldValues,
} from "../../domain/post-fields";
import { fieldErrors, postEnglishInputSchema, postExtrasSchema, postInputSchema } from "../../domain/schemas";
import { pathsShowingPost } from "../../domain/site-routes";
import { moveToTrash, purgeFromTrash, recordSave, recordTimedChange, restoreFromTrash, type EditedEntity } from "../history/edited-records.server";
import { importExternalImages } from "../media/import-images.server";
import type { Tx } from "../platform/db.server";
import { describeActor, systemActor, type Actor, type Services } from "../platform/services.server";
import { derivePostContent, englishColumnsOf, featuredMedia, withEnglishChoices, withKoreanChoices, writePostMedia } from "./post-content.server";
import { postHtmlShapeProblem, postHtmlToText, sanitizePostHtml } from "../platform/sanitize-html.server";
import { getPostById } from "./post-queries.server";

/** When a post goes public: now, never (a draft), or at a time. */
export type Publication = { mode: "publish" } | { mode: "draft" } | { mode: "schedule"; at: Date };

/** What a refused save names: a field of app/domain/post-fields.ts, or a publication time. */
export type PostField = PostFieldKey | "publishAt" | "unpublishAt";

export type SavePostResult =
  | { status: "saved"; postId: number; version: number; created: boolean; postStatus: PostStatus; previousStatus: PostStatus | null }
  | { status: "invalid"; errors: Partial<Record<PostField, string>> }
  | { status: "not-found" }
  | { status: "conflict"; version: number };

export interface SavePostRequest {
  kind: PostKind;
  /** null creates a post. */
  postId: number | null;
  /** As sent by the form or the API client; validated here. */
  title: unknown;
  content: unknown;
  /**
   * The English version: both empty removes it; omitted keeps it as it is (API clients that
   * never send it).
   */
  english?: { title: unknown; content: unknown };
  /**
   * The featured image, excerpt and SEO description with their English twins (decision 043), as sent;
   * omitted keeps them as they are (API clients that never send them).
   */
  extras?: Partial<Record<PostChoiceKey, unknown>>;
  /** The version the client edited; null skips the check (clients that never read versions). */
  expectedVersion: number | null;
  /** The writeDay (YYYY-MM-DD) of a new post; the day it is published (KST) when omitted. */
  writeDay?: string;
  /**
   * Omitted: a new post is published at once (the original site's behaviour) and an existing one keeps
   * its state. A schedule in the past publishes at once.
   */
  publication?: Publication;
  /** A published post goes back to draft at this time; null clears it; omitted keeps it. */
  unpublishAt?: Date | null;
  /** Notices only: kept on top of the lists. Omitted keeps it (a new notice is not pinned). */
  pinned?: boolean;
  /** Restoring an earlier revision: its version (the history and the audit trail say so). */
  restoredFrom?: number;
  /** Edit a post in the trash (it stays there): the media library taking a deleted image out of it. */
  inTrash?: boolean;
  /** Runs inside the save's transaction once the post is written (the site import records where it came from). */
  alsoInTransaction?: (tx: Tx, saved: { id: number; version: number }) => Promise<void>;
}

/**
 * The editable fields of a post as a revision keeps them (restoring saves them again): the revisioned
 * fields of app/domain/post-fields.ts and the publication. Snapshots saved before the English version
 * and the choices existed have none of them.
 */
export type PostSnapshot = Pick<PostFieldValues, "title" | "content"> &
  Partial<PostFieldValues> & {
    status: PostStatus;
    publishAt: string | null;
    unpublishAt: string | null;
    pinned: boolean;
  };

type PostRow = typeof posts.$inferSelect;

function snapshotOf(row: Pick<PostRow, "status" | "publishAt" | "unpublishAt" | "pinned" | PostFieldKey>): PostSnapshot {
  return {
    ...(pickPostFields(row, revisionedPostFields()) as Pick<PostFieldValues, "title" | "content">),
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    pinned: row.pinned,
  };
}

/** A post as the shared use cases read it (app/server/history/edited-records.server.ts). */
type PostSummary = Pick<PostRow, "id" | "kind" | "title" | "status">;

/** The post fields holding HTML, which the history shows as their text. */
const POST_HTML_FIELDS = new Set<string>(POST_FIELDS.filter((f) => f.kind === "html").map((f) => f.key));

/**
 * News and notices as edited records (decision 061): their trash, restore, purge, audit entries and
 * revisions go through the shared use cases of edited-records.server.ts with this descriptor.
 */
export const POST_RECORDS: EditedEntity<PostSummary> = {
  entity: "post",
  table: posts,
  columns: { id: posts.id, deletedAt: posts.deletedAt, updatedBy: posts.updatedBy, updatedAt: posts.updatedAt },
  summary: { id: posts.id, kind: posts.kind, title: posts.title, status: posts.status },
  audit: (post) => ({ entity: post.kind, details: { title: post.title } }),
  isPublic: (post) => post.status === "published",
  shownAt: (post) => ({ ids: [String(post.id)], paths: pathsShowingPost(post.kind, post.id) }),
  logFields: (post) => ({ kind: post.kind, postId: post.id }),
  usedMedia: async (tx, ids) => (await tx.select({ mediaId: postMedia.mediaId }).from(postMedia).where(inArray(postMedia.postId, ids))).map((u) => u.mediaId),
  scheduled: true,
  trash: { kinds: POST_KINDS.map((value) => ({ value, label: POST_KIND_INFO[value].label })), kindOf: (post) => post.kind, title: (post) => post.title },
  revisions: {
    // The fields of app/domain/post-fields.ts, then the publication.
    labels: { ...postFieldLabels(), status: "공개 상태", publishAt: "예약 공개 시각", unpublishAt: "공개 종료 시각", pinned: "공지 고정" },
    readable(field, value) {
      if (POST_HTML_FIELDS.has(field)) return postHtmlToText(String(value));
      if (field === "status") return POST_STATUS_LABELS[value as PostStatus] ?? String(value);
      if (field === "publishAt" || field === "unpublishAt") return formatKst(new Date(String(value)));
      if (field === "pinned") return value === true ? "고정" : "고정 안 함";
      return null;
    },
  },
  async historyRecord(db, id) {
    const post = await getPostById(db, id);
    if (!post) return null;
    return { title: post.title, kindLabel: POST_KIND_INFO[post.kind].label, editHref: post.deletedAt ? null : postEditorPath(post.kind, post.postId), inTrash: post.deletedAt !== null };
  },
  async restoreRevision(services, actor, id, revision) {
    const post = await getPostById(services.db, id);
    if (!post || post.deletedAt) return { status: "refused", httpStatus: 409, message: "휴지통에 있는 글은 복원할 수 없습니다. 먼저 휴지통에서 꺼내 주세요." };
    const result = await savePost(services, actor, { kind: post.kind, postId: id, expectedVersion: null, restoredFrom: revision.version, ...postSnapshotToRequest(revision.snapshot) });
    if (result.status === "saved") return { status: "restored" };
    return { status: "refused", httpStatus: 400, reason: result.status === "invalid" ? Object.values(result.errors)[0] : undefined };
  },
};

/** The state a save leaves the post in. */
function nextState(current: PostRow | null, request: SavePostRequest, now: Date) {
  const publication = request.publication ?? (current ? null : ({ mode: "publish" } as const));
  const firstPublish = current?.publishedAt == null;
  const publishNow = () => ({
    status: "published" as const,
    publishAt: null,
    publishedAt: current?.status === "published" ? current.publishedAt : now,
    writeDay: current && !firstPublish ? current.writeDay : (request.writeDay ?? kstDate(now)),
  });
  let state: { status: PostStatus; publishAt: Date | null; publishedAt: Date | null; writeDay: string };
  if (publication === null) {
    state = { status: current!.status, publishAt: current!.publishAt, publishedAt: current!.publishedAt, writeDay: current!.writeDay };
  } else if (publication.mode === "draft") {
    state = { status: "draft", publishAt: null, publishedAt: current?.publishedAt ?? null, writeDay: current?.writeDay ?? request.writeDay ?? kstDate(now) };
  } else if (publication.mode === "schedule" && publication.at.getTime() > now.getTime()) {
    state = { status: "scheduled", publishAt: publication.at, publishedAt: current?.publishedAt ?? null, writeDay: current?.writeDay ?? request.writeDay ?? kstDate(publication.at) };
  } else {
    state = publishNow();
  }
  const unpublishAt = state.status === "draft" ? null : request.unpublishAt === undefined ? (current?.unpublishAt ?? null) : request.unpublishAt;
  return { ...state, unpublishAt };
}

/** The publication times' problems (a schedule or an end in the past, in the wrong order, or too far ahead) into `errors`. */
function checkPostSchedule(request: SavePostRequest, now: Date, errors: Partial<Record<PostField, string>>): void {
  const scheduledAt = request.publication?.mode === "schedule" ? request.publication.at : null;
  if (request.unpublishAt && request.unpublishAt.getTime() <= Math.max(now.getTime(), scheduledAt?.getTime() ?? 0)) {
    errors.unpublishAt = scheduledAt && scheduledAt > now ? "공개 종료 시각은 예약 공개 시각보다 뒤여야 합니다." : "공개 종료 시각은 지금보다 뒤여야 합니다.";
  }
  const horizon = scheduleHorizon(now);
  if (scheduledAt && scheduledAt > horizon) errors.publishAt = `예약 공개 시각은 지금부터 ${MAX_SCHEDULE_YEARS_AHEAD}년 이내로 정해 주세요.`;
  if (request.unpublishAt && request.unpublishAt > horizon) errors.unpublishAt = `공개 종료 시각은 지금부터 ${MAX_SCHEDULE_YEARS_AHEAD}년 이내로 정해 주세요.`;
}

/** The post to save over, locked for the transaction (in the trash or out of it, as asked); undefined when there is none. */
async function lockPost(tx: Tx, kind: PostKind, postId: number, inTrash: boolean | undefined): Promise<PostRow | undefined> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId), inTrash ? isNotNull(posts.deletedAt) : isNull(posts.deletedAt)))
    .for("update");
  return row;
}

/** Inserts the new post, or updates the current one with its version raised. */
async function writePostRow(tx: Tx, kind: PostKind, current: PostRow | null, fields: Omit<typeof posts.$inferInsert, "kind">, now: Date): Promise<PostRow> {
  if (current === null) return ((await tx.insert(posts).values({ kind, ...fields }).returning()) as [PostRow])[0];
  return ((await tx
    .update(posts)
    .set({ ...fields, version: sql`${posts.version} + 1`, updatedAt: now })
    .where(eq(posts.id, current.id))
    .returning()) as [PostRow])[0];
}

/**
 * Saves a news or notice post: validates, sanitizes the HTML once, imports images of other sites into
 * our media, derives what the pages show from it, decides its state (published, draft or scheduled),
 * writes it with its audit entry and a revision in one transaction, then announces the change. A stale
 * `expectedVersion` is a conflict, never a silent overwrite.
 */
export async function savePost(services: Services, actor: Actor, request: SavePostRequest): Promise<SavePostResult> {
  const parsed = postInputSchema.safeParse({ title: request.title, content: request.content });
  const errors: Partial<Record<PostField, string>> = parsed.success ? {} : fieldErrors(parsed.error);
  const extras = request.extras === undefined ? null : postExtrasSchema.safeParse(request.extras);
  if (extras && !extras.success) Object.assign(errors, fieldErrors(extras.error));
  const featured = extras?.success ? await featuredMedia(services.db, extras.data.featuredImage) : null;
  if (extras?.success && extras.data.featuredImage && !featured) errors.featuredImage = "대표 이미지를 찾을 수 없습니다. 삭제되었을 수 있으니 다시 선택해 주세요.";
  // Bounded before it is sanitized: deeply nested HTML would hold the event loop (sanitize.server.ts).
  const shape = parsed.success ? postHtmlShapeProblem(parsed.data.content) : null;
  if (shape !== null) errors.content = shape;
  const now = new Date();
  checkPostSchedule(request, now, errors);
  if (!parsed.success || extras?.success === false || Object.keys(errors).length > 0) return { status: "invalid", errors };
  const { db, changes } = services;
  const { kind } = request;
  const imported = await importExternalImages(services, actor, sanitizePostHtml(parsed.data.content));
  if ("errors" in imported) return { status: "invalid", errors: { content: imported.errors.join(" ") } };
  const content = imported.html;
  // Stored media never change, so what is derived from them can be made before the transaction.
  const derived = await derivePostContent(db, content);
  if (!derived.columns.contentText && !derived.columns.firstImage) return { status: "invalid", errors: { content: "내용을 입력해 주세요." } };
  const english = request.english === undefined ? null : await prepareEnglish(services, actor, request.english);
  if (english && "errors" in english) return { status: "invalid", errors: english.errors };

  const result = await db.transaction(async (tx) => {
    const current = request.postId === null ? null : await lockPost(tx, kind, request.postId, request.inTrash);
    if (current === undefined) return { status: "not-found" as const };
    if (current && request.expectedVersion !== null && current.version !== request.expectedVersion) return { status: "conflict" as const, version: current.version };
    const state = nextState(current, request, now);
    if (state.unpublishAt && state.publishAt && state.unpublishAt <= state.publishAt) {
      return { status: "invalid" as const, errors: { unpublishAt: "공개 종료 시각은 예약 공개 시각보다 뒤여야 합니다." } };
    }
    // The English version as sent, or as it is (its images still count as used: post_media is rewritten).
    const kept = english === null && current !== null && current.contentEn !== "" ? await derivePostContent(tx, current.contentEn) : null;
    // The choices as sent, or as they are; the pages show them over what is derived from the content.
    const choices = extras?.success ? extras.data : current ? pickPostChoices(current) : NO_CHOICES;
    const chosenImage = extras?.success ? featured : await featuredMedia(tx, choices.featuredImage);
    // The activity log names the choices this save set or changed ("대표 이미지, 요약").
    const changedChoices = postFieldsOf("choice")
      .filter((field) => choices[field.key] !== (current ? current[field.key] : ""))
      .map((field) => field.label);
    const englishColumns = english ? english.columns : kept ? { ...englishColumnsOf(kept.columns) } : null;
    const fields = {
      title: parsed.data.title,
      content,
      ...withKoreanChoices(derived.columns, choices, chosenImage),
      ...(englishColumns ? withEnglishChoices(englishColumns, choices) : {}),
      ...choices,
      ...state,
      pinned: kind === "notice" ? (request.pinned ?? current?.pinned ?? false) : false,
      updatedBy: describeActor(actor),
    };
    const row = await writePostRow(tx, kind, current, fields, now);
    await writePostMedia(tx, row.id, [...new Set([...derived.mediaIds, ...(english?.mediaIds ?? kept?.mediaIds ?? []), ...(chosenImage ? [chosenImage.id] : [])])]);
    const created = current === null;
    await recordSave(tx, actor, POST_RECORDS, {
      record: row,
      version: row.version,
      status: row.status,
      created,
      restoredFrom: request.restoredFrom,
      changed: changedChoices,
      snapshot: { ...snapshotOf(row) },
    });
    await request.alsoInTransaction?.(tx, { id: row.id, version: row.version });
    return { status: "saved" as const, postId: row.id, version: row.version, created, postStatus: row.status, previousStatus: current?.status ?? null, wasPublic: current?.status === "published" };
  });

  if (result.status !== "saved") return result;
  const { wasPublic, ...saved } = result;
  // A draft or a scheduled post changes nothing public, unless it was public before this save.
  if (saved.postStatus === "published" || wasPublic) {
    changes.publish({ entity: "post", action: saved.created ? "created" : "updated", ids: [String(saved.postId)], paths: pathsShowingPost(kind, saved.postId) });
  }
  services.scheduler?.wake();
  services.logger.info({ kind, postId: saved.postId, status: saved.postStatus, via: actor.via }, saved.created ? "post created" : "post updated");
  return saved;
}

/** The stored English columns of a post without an English version. */
const NO_ENGLISH = { titleEn: "", contentEn: "", contentTextEn: "", previewEn: "", descriptionEn: "", renderedContentEn: "" };

/**
 * The English version of a save, validated, sanitized and derived like the Korean one: its
 * columns and the stored media it shows, or the messages by field. Both empty: no English version.
 */
async function prepareEnglish(
  services: Services,
  actor: Actor,
  input: { title: unknown; content: unknown },
): Promise<{ columns: typeof NO_ENGLISH; mediaIds: number[] } | { errors: Partial<Record<PostField, string>> }> {
  const parsed = postEnglishInputSchema.safeParse({ titleEn: input.title ?? "", contentEn: input.content ?? "" });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const shape = postHtmlShapeProblem(parsed.data.contentEn, "영문 글");
  if (shape !== null) return { errors: { contentEn: shape } };
  const { titleEn } = parsed.data;
  const imported = await importExternalImages(services, actor, sanitizePostHtml(parsed.data.contentEn));
  if ("errors" in imported) return { errors: { contentEn: imported.errors.join(" ") } };
  const derived = await derivePostContent(services.db, imported.html);
  const hasContent = derived.columns.contentText !== "" || derived.columns.firstImage !== null;
  if (titleEn === "" && !hasContent) return { columns: NO_ENGLISH, mediaIds: [] };
  if (titleEn === "") return { errors: { titleEn: "영문 내용이 있으면 영문 제목도 입력해 주세요. 영문 버전을 없애려면 둘 다 비워 주세요." } };
  if (!hasContent) return { errors: { contentEn: "영문 제목이 있으면 영문 내용도 입력해 주세요. 영문 버전을 없애려면 둘 다 비워 주세요." } };
  return { columns: { titleEn, contentEn: imported.html, ...englishColumnsOf(derived.columns) }, mediaIds: derived.mediaIds };
}

/** Moves a post to the trash (restorable until purged), with its audit entry, then announces it; false when there was none. */
export function deletePost(services: Services, actor: Actor, request: { kind: PostKind; postId: number }): Promise<boolean> {
  return moveToTrash(services, actor, POST_RECORDS, and(eq(posts.kind, request.kind), eq(posts.id, request.postId))!);
}

/** Takes a post out of the trash in the state it had; false when it is not in the trash. */
export function restorePost(services: Services, actor: Actor, postId: number): Promise<boolean> {
  return restoreFromTrash(services, actor, POST_RECORDS, postId);
}

/**
 * Deletes posts in the trash for good, with their history and the stored images nothing else uses.
 * Posts not in the trash are left alone. Returns the ids purged.
 */
export function purgePosts(services: Services, actor: Actor, postIds: number[]): Promise<number[]> {
  return purgeFromTrash(services, actor, POST_RECORDS, postIds);
}

/** The post that publishing or unpublishing at a time changed. */
interface TimedChange {
  postId: number;
  kind: PostKind;
}

/**
 * Publishes every scheduled post whose time has come and unpublishes every post whose end time has
 * come, as of `now`. Runs on every app server's timer: the rows are claimed with `FOR UPDATE SKIP
 * LOCKED` and changed only while still due, so each post changes exactly once however many servers
 * run it. Each change is recorded in the audit trail and the history, then announced.
 */
export async function applyDueSchedules(services: Services, now: Date): Promise<{ published: TimedChange[]; unpublished: TimedChange[] }> {
  const actor = systemActor("예약 작업");
  const result = await services.db.transaction(async (tx) => {
    const published = await claimAndChange(tx, actor, "publish", now);
    const unpublished = await claimAndChange(tx, actor, "unpublish", now);
    return { published, unpublished };
  });
  for (const change of [...result.published, ...result.unpublished]) {
    services.changes.publish({
      entity: "post",
      action: "updated",
      ids: [String(change.postId)],
      paths: pathsShowingPost(change.kind, change.postId),
    });
  }
  if (result.published.length + result.unpublished.length > 0) {
    services.logger.info({ published: result.published.map((c) => c.postId), unpublished: result.unpublished.map((c) => c.postId) }, "scheduled changes applied");
  }
  return result;
}

async function claimAndChange(tx: Tx, actor: Actor, change: "publish" | "unpublish", now: Date): Promise<TimedChange[]> {
  const due = await tx
    .select()
    .from(posts)
    .where(
      change === "publish"
        ? and(eq(posts.status, "scheduled"), lte(posts.publishAt, now), isNull(posts.deletedAt))
        : and(eq(posts.status, "published"), lte(posts.unpublishAt, now), isNull(posts.deletedAt)),
    )
    .for("update", { skipLocked: true });
  const changed: TimedChange[] = [];
  for (const row of due) {
    const set =
      change === "publish"
        ? {
            status: "published" as const,
            publishAt: null,
            publishedAt: row.publishAt,
            // First time public: its date is the day it was scheduled for.
            writeDay: row.publishedAt === null ? kstDate(row.publishAt!) : row.writeDay,
          }
        : { status: "draft" as const, unpublishAt: null };
    const [updated] = await tx
      .update(posts)
      .set({ ...set, version: sql`${posts.version} + 1`, updatedAt: now, updatedBy: describeActor(actor) })
      .where(and(eq(posts.id, row.id), eq(posts.status, row.status)))
      .returning();
    if (!updated) continue;
    await recordTimedChange(tx, actor, POST_RECORDS, {
      record: row,
      action: change === "publish" ? "scheduled-publish" : "scheduled-unpublish",
      version: updated.version,
      snapshot: { ...snapshotOf(updated) },
      note: change === "publish" ? "예약 공개" : "예약 공개 종료",
    });
    changed.push({ postId: row.id, kind: row.kind });
  }
  return changed;
}

/** Snapshot fields as a save request: what restoring a revision saves again. */
export function postSnapshotToRequest(
  snapshot: Record<string, unknown>,
): Pick<SavePostRequest, "title" | "content" | "english" | "extras" | "publication" | "unpublishAt" | "pinned"> {
  const s = snapshot as Partial<PostSnapshot>;
  const publishAt = typeof s.publishAt === "string" ? new Date(s.publishAt) : null;
  const unpublishAt = typeof s.unpublishAt === "string" ? new Date(s.unpublishAt) : null;
  return {
    title: s.title,
    content: s.content,
    // A revision saved before English versions existed leaves the current English version alone.
    english: typeof s.titleEn === "string" ? { title: s.titleEn, content: s.contentEn ?? "" } : undefined,
    // Likewise the featured image, excerpt and SEO description.
    extras: typeof s.excerpt === "string" ? pickPostChoices({ ...NO_CHOICES, ...s } as PostChoices) : undefined,
    publication: s.status === "draft" ? { mode: "draft" } : s.status === "scheduled" && publishAt ? { mode: "schedule", at: publishAt } : { mode: "publish" },
    unpublishAt: unpublishAt && unpublishAt.getTime() > Date.now() ? unpublishAt : null,
    pinned: s.pinned === true,
  };
}
