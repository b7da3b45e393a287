import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artists, auditLog, posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { ARTIST_RECORDS, saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { moveToTrash, type EditedEntity } from "../../../app/server/history/edited-records.server";
import { listRevisions } from "../../../app/server/history/revisions.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { POST_RECORDS, savePost } from "../../../app/server/posts/post-use-cases.server";
import { listTrash, parseTrashKey, purgeTrashed, restoreTrashed, TRASH_BIN, TRASH_KINDS } from "../../../app/server/trash/trash-bin.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "session", label: "admin", ip: "203.0.113.9" };

/**
 * Trash, restore, purge and revisions are written once over an entity's descriptor (decision 061): the
 * same steps give the same results for a post and an artist.
 */
describe(`edited records: one trash, restore, purge and history for every entity (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const services = () => database.services;

  /** A new public record of the entity: its id, the trash's key, the title the trash shows, and how to find it for the move. */
  const create = async (entity: EditedEntity, n: number) => {
    if (entity === POST_RECORDS) {
      const saved = await savePost(services(), ADMIN, { kind: "notice", postId: null, title: `휴지통 공지 ${n}`, content: "<p>x</p>", expectedVersion: null });
      if (saved.status !== "saved") throw new Error(saved.status);
      return { id: saved.postId, title: `휴지통 공지 ${n}`, kind: "notice", where: eq(posts.id, saved.postId) };
    }
    const name = `휴지통배우${"가나다라"[n]}`;
    const saved = await saveArtist(services(), ADMIN, { existingName: null, input: { ...emptyArtistFields(), name }, status: null, displayOrder: null, expectedVersion: null });
    if (saved.status !== "saved") throw new Error(saved.status);
    return { id: saved.id, title: name, kind: "artist", where: eq(artists.id, saved.id) };
  };
  const audits = async (entity: EditedEntity, id: number) =>
    (await database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityId, String(id)), inArray(auditLog.entity, entity === POST_RECORDS ? ["news", "notice"] : ["artist"])))).map((a) => a.action);

  it("the bin holds every entity with a trash, in the filter's order, and reads its keys", () => {
    expect(TRASH_BIN.map((e) => e.entity)).toEqual(["post", "artist"]);
    expect(TRASH_KINDS).toEqual([
      { value: "news", label: "뉴스" },
      { value: "notice", label: "공지사항" },
      { value: "artist", label: "배우" },
    ]);
    expect(parseTrashKey("post-12")).toEqual({ entity: "post", id: 12 });
    expect(parseTrashKey("artist-3")).toEqual({ entity: "artist", id: 3 });
    for (const bad of ["media-3", "post-", "post-1234567890", "post-1x", null]) expect(parseTrashKey(bad)).toBeNull();
  });

  for (const [index, entity] of ([POST_RECORDS, ARTIST_RECORDS] as EditedEntity[]).entries()) {
    it(`${entity.entity}: to the trash and back, each move one transaction with its audit entry and one change event; then purged with its history`, async () => {
      const record = await create(entity, index);
      const announced = services().announced;

      const before = announced.length;
      expect(await moveToTrash(services(), ADMIN, entity, record.where)).toBe(true);
      expect(announced.slice(before)).toEqual([expect.objectContaining({ entity: entity.entity, action: "deleted" })]);
      expect(await moveToTrash(services(), ADMIN, entity, record.where)).toBe(false);
      expect(announced).toHaveLength(before + 1);
      const listed = (await listTrash(database.db)).find((r) => r.entity === entity.entity && r.id === record.id);
      expect(listed).toMatchObject({ kind: record.kind, title: record.title, deletedBy: "admin" });

      const restoredAt = announced.length;
      expect(await restoreTrashed(services(), ADMIN, [{ entity: entity.entity, id: record.id }])).toBe(1);
      expect(announced.slice(restoredAt)).toEqual([expect.objectContaining({ entity: entity.entity, action: "created" })]);
      expect(await restoreTrashed(services(), ADMIN, [{ entity: entity.entity, id: record.id }])).toBe(0);

      // A revision cannot be restored while the record is in the trash.
      await moveToTrash(services(), ADMIN, entity, record.where);
      const [revision] = await listRevisions(database.db, entity.entity, record.id);
      expect(await entity.restoreRevision(services(), ADMIN, record.id, revision!)).toMatchObject({ status: "refused", httpStatus: 409 });
      expect(await entity.historyRecord(database.db, record.id)).toMatchObject({ title: record.title, editHref: null, inTrash: true });

      const purgedAt = announced.length;
      expect(await purgeTrashed(services(), ADMIN, [{ entity: entity.entity, id: record.id }])).toBe(1);
      // Nothing public changes: what is in the trash is shown nowhere.
      expect(announced).toHaveLength(purgedAt);
      expect(await listRevisions(database.db, entity.entity, record.id)).toEqual([]);
      expect(await entity.historyRecord(database.db, record.id)).toBeNull();
      expect(await audits(entity, record.id)).toEqual(["create", "trash", "restore", "trash", "purge"]);
    });
  }
});
