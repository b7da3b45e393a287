import { eq, inArray } from "drizzle-orm";
import { media, mediaVariants, posts } from "../../../drizzle/schema";
import { pickArtistFields } from "../../domain/artist-fields";
import { mediaInUseMessage, mediaUseLabel, type MediaUse } from "../../domain/media-uses";
import { fieldErrors, focalPointSchema, mediaAltSchema } from "../../domain/schemas";
import { pathsShowingArtist, pathsShowingPost } from "../../domain/site-routes";
import { getArtistById } from "../artists/artist-queries.server";
import { saveArtist } from "../artists/artist-use-cases.server";
import { recordAudit } from "../platform/audit.server";
import type { Actor, Services } from "../platform/services.server";
import { mediaUrl } from "../platform/storage.server";
import { savePost } from "../posts/post-use-cases.server";
import { pickPostChoices } from "../../domain/post-fields";
import { removeImageSources } from "../platform/sanitize-html.server";
import { listMediaUses, listShareImageUses } from "../media/media-queries.server";

export type UpdateMediaAltResult = { status: "saved"; alt: string } | { status: "invalid"; errors: { alt?: string } } | { status: "not-found" };

/**
 * Sets the alternative text of a stored image (shown with artist photos, offered for new post
 * inserts), with its audit entry, then announces it: pages showing artists with it follow.
 */
export async function updateMediaAlt(services: Services, actor: Actor, request: { mediaId: number; alt: unknown }): Promise<UpdateMediaAltResult> {
  const parsed = mediaAltSchema.safeParse({ alt: request.alt });
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error) };
  const { alt } = parsed.data;
  const updated = await services.db.transaction(async (tx) => {
    const [before] = await tx.select({ alt: media.alt }).from(media).where(eq(media.id, request.mediaId)).for("update");
    if (!before) return false;
    await tx.update(media).set({ alt }).where(eq(media.id, request.mediaId));
    await recordAudit(tx, actor, { action: "media-update", entity: "media", entityId: request.mediaId, details: { alt, before: before.alt } });
    return true;
  });
  if (!updated) return { status: "not-found" };
  const uses = (await listMediaUses(services.db, [request.mediaId])).get(request.mediaId) ?? [];
  const paths = new Set(uses.flatMap((u) => (u.entity === "artist" && !u.inTrash ? pathsShowingArtist(u.name) : [])));
  services.changes.publish({ entity: "media", action: "updated", ids: [String(request.mediaId)], paths: [...paths] });
  return { status: "saved", alt };
}

export type UpdateMediaFocalResult =
  | { status: "saved"; focal: { x: number; y: number } }
  | { status: "invalid"; errors: { x?: string; y?: string } }
  | { status: "not-found" };

/**
 * Sets the point share images keep in view when they crop this image, with its audit entry,
 * then announces it: the pages whose share image is cropped from it (an artist's main photo, a post's
 * first image) name a new share image URL.
 */
export async function updateMediaFocalPoint(
  services: Services,
  actor: Actor,
  request: { mediaId: number; focal: { x: unknown; y: unknown } },
): Promise<UpdateMediaFocalResult> {
  const parsed = focalPointSchema.safeParse(request.focal);
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error) };
  // Four decimals: a tenth of a pixel on the largest stored image, and stable through the `real` column.
  const focal = { x: Math.round(parsed.data.x * 10_000) / 10_000, y: Math.round(parsed.data.y * 10_000) / 10_000 };
  const updated = await services.db.transaction(async (tx) => {
    const [before] = await tx.select({ x: media.focalX, y: media.focalY }).from(media).where(eq(media.id, request.mediaId)).for("update");
    if (!before) return false;
    await tx.update(media).set({ focalX: focal.x, focalY: focal.y }).where(eq(media.id, request.mediaId));
    await recordAudit(tx, actor, { action: "media-focal", entity: "media", entityId: request.mediaId, details: { focal, before } });
    return true;
  });
  if (!updated) return { status: "not-found" };
  const uses = await listShareImageUses(services.db, request.mediaId);
  const paths = new Set(uses.flatMap((u) => (!u.public ? [] : u.entity === "artist" ? pathsShowingArtist(u.name) : pathsShowingPost(u.kind, u.id))));
  services.changes.publish({ entity: "media", action: "updated", ids: [String(request.mediaId)], paths: [...paths] });
  return { status: "saved", focal };
}

export type DeleteMediaResult =
  | { status: "deleted"; removedFrom: MediaUse[] }
  | { status: "not-found" }
  /** In use and not confirmed: nothing was changed. */
  | { status: "in-use"; uses: MediaUse[]; message: string }
  /** A use could not be taken out (e.g. a post whose only content is this image). */
  | { status: "blocked"; use: MediaUse; message: string };

async function removeUse(services: Services, actor: Actor, use: MediaUse, mediaId: number, urls: string[]): Promise<string | null> {
  if (use.entity === "artist") {
    const artist = await getArtistById(services.db, use.id);
    if (!artist) return null;
    const result = await saveArtist(services, actor, {
      existingName: artist.name,
      input: { ...pickArtistFields(artist), imageUrls: artist.images.filter((m) => m.id !== mediaId).map((m) => m.url) },
      status: null,
      displayOrder: null,
      expectedVersion: null,
      inTrash: artist.deletedAt !== null,
    });
    return result.status === "saved" || result.status === "not-found" ? null : `${mediaUseLabel(use)}에서 이미지를 빼지 못했습니다.`;
  }
  const [post] = await services.db.select().from(posts).where(eq(posts.id, use.id));
  if (!post) return null;
  const result = await savePost(services, actor, {
    kind: post.kind,
    postId: post.id,
    title: post.title,
    content: removeImageSources(post.content, urls),
    // A deleted featured image leaves the post without one (the content's first image takes over).
    extras: { ...pickPostChoices(post), featuredImage: urls.includes(post.featuredImage) ? "" : post.featuredImage },
    expectedVersion: null,
    inTrash: post.deletedAt !== null,
  });
  if (result.status === "saved" || result.status === "not-found") return null;
  if (result.status === "invalid" && result.errors.content) {
    return `${mediaUseLabel(use)}의 내용이 이 이미지뿐이라 뺄 수 없습니다. 글을 먼저 고치거나 삭제해 주세요.`;
  }
  return `${mediaUseLabel(use)}에서 이미지를 빼지 못했습니다.`;
}

/**
 * Deletes a stored image. One in use is refused unless `confirmed`; then it is first taken out of
 * every post (its `<img>`) and artist (its photo slot) through savePost / saveArtist, so each of them
 * gets a revision, an audit entry and a change event. Then the row goes with its audit entry, and
 * the files after the commit.
 */
export async function deleteMediaItem(services: Services, actor: Actor, request: { mediaId: number; confirmed: boolean }): Promise<DeleteMediaResult> {
  const { db } = services;
  const { mediaId } = request;
  const [row] = await db.select().from(media).where(eq(media.id, mediaId));
  if (!row) return { status: "not-found" };
  const uses = (await listMediaUses(db, [mediaId])).get(mediaId) ?? [];
  if (uses.length > 0 && !request.confirmed) return { status: "in-use", uses, message: mediaInUseMessage(uses) };

  const variantRows = await db.select({ key: mediaVariants.storageKey }).from(mediaVariants).where(eq(mediaVariants.mediaId, mediaId));
  const keys = [row.storageKey, ...variantRows.map((v) => v.key)];
  for (const use of uses) {
    const problem = await removeUse(services, actor, use, mediaId, keys.map(mediaUrl));
    if (problem) return { status: "blocked", use, message: problem };
  }

  const deleted = await db.transaction(async (tx) => {
    const still = (await listMediaUses(tx, [mediaId])).get(mediaId) ?? [];
    // Saved somewhere again meanwhile: keep it.
    if (still.length > 0) return { status: "in-use" as const, uses: still, message: mediaInUseMessage(still) };
    const gone = await tx.delete(media).where(inArray(media.id, [mediaId])).returning({ id: media.id });
    if (gone.length === 0) return { status: "not-found" as const };
    await recordAudit(tx, actor, {
      action: "media-delete",
      entity: "media",
      entityId: mediaId,
      details: { url: mediaUrl(row.storageKey), alt: row.alt, removedFrom: uses.map(mediaUseLabel) },
    });
    return { status: "deleted" as const, removedFrom: uses };
  });
  if (deleted.status !== "deleted") return deleted;
  await Promise.all(keys.map((key) => services.storage.delete(key)));
  services.changes.publish({ entity: "media", action: "deleted", ids: [String(mediaId)], paths: [] });
  services.logger.info({ mediaId, removedFrom: uses.length, via: actor.via }, "media deleted");
  return deleted;
}
