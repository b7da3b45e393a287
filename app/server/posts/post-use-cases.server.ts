import { and, eq, sql } from "drizzle-orm";
import { posts } from "../../../drizzle/schema";
import type { PostKind } from "../../domain/post-kinds";
import { fieldErrors, postInputSchema } from "../../domain/schemas";
import { pathsShowingPost } from "../../domain/site-routes";
import { formatKoreanDate } from "../../lib/preview";
import { importExternalImages } from "../media/import-images.server";
import { recordAudit } from "../platform/audit.server";
import { actorDetails, type Actor, type Services } from "../platform/services.server";
import { derivePostContent } from "./post-content.server";
import { sanitizePostHtml } from "./sanitize.server";

export type SavePostResult =
  | { status: "saved"; postId: number; version: number; created: boolean }
  | { status: "invalid"; errors: Partial<Record<"title" | "content", string>> }
  | { status: "not-found" }
  | { status: "conflict"; version: number };

export interface SavePostRequest {
  kind: PostKind;
  /** null creates a post. */
  postId: number | null;
  /** As sent by the form or the API client; validated here. */
  title: unknown;
  content: unknown;
  /** The version the client edited; null skips the check (clients that never read versions). */
  expectedVersion: number | null;
  /** The spec's writeDay (YYYY-MM-DD) of a new post; today in Korea when omitted. */
  writeDay?: string;
}

/**
 * Saves a news or notice post: validates, sanitizes the HTML once, imports images of other sites into
 * our media, derives what the pages show from it, writes it with its audit entry in one transaction,
 * then announces the change. A stale
 * `expectedVersion` is a conflict, never a silent overwrite.
 */
export async function savePost(services: Services, actor: Actor, request: SavePostRequest): Promise<SavePostResult> {
  const parsed = postInputSchema.safeParse({ title: request.title, content: request.content });
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error) };
  const { db, changes } = services;
  const { kind } = request;
  const imported = await importExternalImages(services, actor, sanitizePostHtml(parsed.data.content));
  if ("errors" in imported) return { status: "invalid", errors: { content: imported.errors.join(" ") } };
  const content = imported.html;
  // Stored media never change, so what is derived from them can be made before the transaction.
  const derived = await derivePostContent(db, content);
  if (!derived.contentText && !derived.firstImage) return { status: "invalid", errors: { content: "내용을 입력해 주세요." } };

  const result = await db.transaction(async (tx) => {
    const fields = { title: parsed.data.title, content, ...derived };
    if (request.postId === null) {
      const [row] = await tx
        .insert(posts)
        .values({ kind, ...fields, writeDay: request.writeDay ?? formatKoreanDate(new Date()) })
        .returning({ id: posts.id, version: posts.version });
      await recordAudit(tx, { adminId: actor.adminId, action: "create", entity: kind, entityId: row!.id, details: actorDetails(actor) });
      return { status: "saved" as const, postId: row!.id, version: row!.version, created: true };
    }
    const postId = request.postId;
    const [row] = await tx
      .update(posts)
      .set({ ...fields, version: sql`${posts.version} + 1`, updatedAt: new Date() })
      .where(
        request.expectedVersion === null
          ? and(eq(posts.kind, kind), eq(posts.id, postId))
          : and(eq(posts.kind, kind), eq(posts.id, postId), eq(posts.version, request.expectedVersion)),
      )
      .returning({ version: posts.version });
    if (!row) {
      const [current] = await tx.select({ version: posts.version }).from(posts).where(and(eq(posts.kind, kind), eq(posts.id, postId)));
      return current ? { status: "conflict" as const, version: current.version } : { status: "not-found" as const };
    }
    await recordAudit(tx, { adminId: actor.adminId, action: "update", entity: kind, entityId: postId, details: { ...actorDetails(actor), version: row.version } });
    return { status: "saved" as const, postId, version: row.version, created: false };
  });

  if (result.status === "saved") {
    changes.publish({ entity: "post", action: result.created ? "created" : "updated", ids: [String(result.postId)], paths: pathsShowingPost(kind, result.postId) });
    services.logger.info({ kind, postId: result.postId, via: actor.via }, result.created ? "post created" : "post updated");
  }
  return result;
}

/** Deletes a post of the given kind with its audit entry, then announces it; false when there was none. */
export async function deletePost(services: Services, actor: Actor, request: { kind: PostKind; postId: number }): Promise<boolean> {
  const { kind, postId } = request;
  const deleted = await services.db.transaction(async (tx) => {
    const rows = await tx.delete(posts).where(and(eq(posts.kind, kind), eq(posts.id, postId))).returning({ id: posts.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, { adminId: actor.adminId, action: "delete", entity: kind, entityId: postId, details: actorDetails(actor) });
    return true;
  });
  if (deleted) {
    services.changes.publish({ entity: "post", action: "deleted", ids: [String(postId)], paths: pathsShowingPost(kind, postId) });
    services.logger.info({ kind, postId, via: actor.via }, "post deleted");
  }
  return deleted;
}
