import { and, eq, sql } from "drizzle-orm";
import { artistImages, artists } from "../../../drizzle/schema";
import { pickArtistFields } from "../../domain/artist-fields";
import { artistInputSchema, displayOrderSchema, fieldErrors } from "../../domain/schemas";
import { pathsShowingArtist } from "../../domain/site-routes";
import { getMediaByUrls } from "../media/media.server";
import { recordAudit } from "../platform/audit.server";
import { actorDetails, type Actor, type Services } from "../platform/services.server";

export type SaveArtistResult =
  | { status: "saved"; id: number; name: string; version: number; created: boolean }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "not-found" }
  | { status: "conflict"; version: number }
  | { status: "duplicate-name" }
  | { status: "unknown-image"; url: string };

export interface SaveArtistRequest {
  /** The artist's current name when editing; null creates one. */
  existingName: string | null;
  /** The artist fields and `imgList`, as sent by the form or the API client; validated here. */
  input: unknown;
  /** Shown on the site; null keeps the current value (new artists are shown). */
  isVisible: boolean | null;
  /** Place in the roster; null keeps the current one (new artists go last). */
  displayOrder: number | null;
  /** The version the client edited; null skips the check (clients that never read versions). */
  expectedVersion: number | null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Creates or updates an artist together with its images, validated, in one transaction with its audit
 * entry (never an artist without its images or the reverse), then announces the change. Image URLs
 * must be media stored by us. A stale version is a conflict; a name taken by another artist (hidden
 * ones included) is reported, not overwritten.
 */
export async function saveArtist(services: Services, actor: Actor, request: SaveArtistRequest): Promise<SaveArtistResult> {
  const parsed = artistInputSchema.safeParse(request.input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (request.displayOrder !== null) {
    const order = displayOrderSchema.safeParse(request.displayOrder);
    if (!order.success) errors.displayOrder = order.error.issues[0]!.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { status: "invalid", errors };

  const { db } = services;
  const { imgList, ...rest } = parsed.data;
  const fields = pickArtistFields(rest);
  const known = await getMediaByUrls(db, imgList);
  const unknown = imgList.find((url) => !known.has(url));
  if (unknown !== undefined) return { status: "unknown-image", url: unknown };
  const mediaIds = imgList.map((url) => known.get(url)!.id);

  let result: SaveArtistResult;
  let previousName: string | null = null;
  try {
    result = await db.transaction(async (tx) => {
      let id: number;
      let version: number;
      if (request.existingName === null) {
        const [row] = await tx
          .insert(artists)
          .values({
            ...fields,
            isVisible: request.isVisible ?? true,
            displayOrder: request.displayOrder ?? sql`(select coalesce(max(${artists.displayOrder}), 0) + 1 from ${artists})`,
          })
          .returning({ id: artists.id, version: artists.version });
        id = row!.id;
        version = row!.version;
      } else {
        previousName = request.existingName;
        const [row] = await tx
          .update(artists)
          .set({
            ...fields,
            ...(request.isVisible !== null ? { isVisible: request.isVisible } : {}),
            ...(request.displayOrder !== null ? { displayOrder: request.displayOrder } : {}),
            version: sql`${artists.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            request.expectedVersion === null
              ? eq(artists.name, request.existingName)
              : and(eq(artists.name, request.existingName), eq(artists.version, request.expectedVersion)),
          )
          .returning({ id: artists.id, version: artists.version });
        if (!row) {
          const [current] = await tx.select({ version: artists.version }).from(artists).where(eq(artists.name, request.existingName));
          return current ? { status: "conflict" as const, version: current.version } : { status: "not-found" as const };
        }
        id = row.id;
        version = row.version;
        await tx.delete(artistImages).where(eq(artistImages.artistId, id));
      }
      if (mediaIds.length > 0) {
        await tx.insert(artistImages).values(mediaIds.map((mediaId, position) => ({ artistId: id, position, mediaId })));
      }
      const created = request.existingName === null;
      await recordAudit(tx, {
        adminId: actor.adminId,
        action: created ? "create" : "update",
        entity: "artist",
        entityId: id,
        details: { ...actorDetails(actor), name: fields.name, version },
      });
      return { status: "saved" as const, id, name: fields.name, version, created };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate-name" };
    throw error;
  }

  if (result.status === "saved") {
    const paths = new Set(pathsShowingArtist(result.name));
    if (previousName !== null && previousName !== result.name) for (const path of pathsShowingArtist(previousName)) paths.add(path);
    services.changes.publish({ entity: "artist", action: result.created ? "created" : "updated", ids: [result.name], paths: [...paths] });
    services.logger.info({ artist: result.id, via: actor.via }, result.created ? "artist created" : "artist updated");
  }
  return result;
}

/** Deletes an artist (its image links go with it; the stored files stay) with its audit entry, then announces it. */
export async function deleteArtist(services: Services, actor: Actor, name: string): Promise<boolean> {
  const deleted = await services.db.transaction(async (tx) => {
    const rows = await tx.delete(artists).where(eq(artists.name, name)).returning({ id: artists.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, { adminId: actor.adminId, action: "delete", entity: "artist", entityId: rows[0]!.id, details: { ...actorDetails(actor), name } });
    return true;
  });
  if (deleted) {
    services.changes.publish({ entity: "artist", action: "deleted", ids: [name], paths: pathsShowingArtist(name) });
    services.logger.info({ name, via: actor.via }, "artist deleted");
  }
  return deleted;
}
