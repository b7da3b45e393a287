import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { getMediaItem } from "../../../app/server/media/media-queries.server";
import { updateMediaFocalPoint } from "../../../app/server/media-library/media-use-cases.server";
import {
  artistShareImagePath,
  artistShareSubject,
  postShareImagePath,
  postShareSubject,
  shareImageBytes,
  shareStorageKey,
} from "../../../app/server/media/share-image-store.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { savePost } from "../../../app/server/posts/post-use-cases.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "session", label: "admin", ip: "203.0.113.9" };

/** A grey 800×1200 portrait with a red block around (400, 150). */
async function portrait(): Promise<Buffer> {
  const block = await sharp({ create: { width: 160, height: 160, channels: 3, background: "#e01010" } }).png().toBuffer();
  return sharp({ create: { width: 800, height: 1200, channels: 3, background: "#6a6a6a" } })
    .composite([{ input: block, left: 320, top: 70 }])
    .jpeg()
    .toBuffer();
}

async function redAt(jpeg: Uint8Array, x: number, y: number): Promise<boolean> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90;
}

const SHARE_PATH = /^\/share\/artist\/(\d+)\.jpg\?v=([0-9a-f]{16})$/;

describe(`share images: versions, storage and the focal point (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const services = () => database.services;
  const savedArtist = async (name: string, imageUrls: string[], status: "public" | "draft" = "public") => {
    const result = await saveArtist(services(), ADMIN, {
      existingName: null,
      input: { ...emptyArtistFields(), name, nameEn: "Share Actor", imageUrls },
      status,
      displayOrder: null,
      expectedVersion: null,
    });
    if (result.status !== "saved") throw new Error(result.status);
    return result;
  };

  it("names an artist's image by a hash of what it is drawn from; a new focal point is a new URL and a new crop", async () => {
    const photo = await uploadImage(services(), ADMIN, await portrait());
    const artist = await savedArtist("공유배우", [photo.url]);

    const first = await artistShareImagePath(database.db, artist, "ko");
    expect(first).toMatch(SHARE_PATH);
    expect(first).toContain(`/share/artist/${artist.id}.jpg`);
    const english = await artistShareImagePath(database.db, artist, "en");
    expect(english).toMatch(new RegExp(`^/share/artist/${artist.id}-en\\.jpg\\?v=[0-9a-f]{16}$`));
    expect(english!.split("v=")[1]).not.toBe(first!.split("v=")[1]);
    // The same facts give the same URL (several app servers agree without talking).
    expect(await artistShareImagePath(database.db, artist, "ko")).toBe(first);

    // Drawn on the first request and kept in the media storage under the hash.
    const subject = (await artistShareSubject(database.db, artist.id, "ko"))!;
    expect(subject).toMatchObject({ public: true, card: { title: "공유배우", subtitle: "Share Actor", label: "배우" }, photo: { focal: { x: 0.5, y: 0.5 } } });
    const centred = await shareImageBytes(services(), subject);
    const stored = path.join(database.storage.root, shareStorageKey(subject));
    expect(fs.existsSync(stored)).toBe(true);
    expect(Buffer.from(await shareImageBytes(services(), subject)).equals(Buffer.from(centred))).toBe(true);
    // Untouched, a portrait is cropped around its upper third (rows 150-570 of 1200): the block (rows
    // 70-230) shows only at the very top, and the middle of the card is the photo's middle.
    expect(await redAt(centred, 600, 40)).toBe(true);
    expect(await redAt(centred, 600, 300)).toBe(false);

    // The administrator puts the focal point on the red block.
    const before = services().announced.length;
    const saved = await updateMediaFocalPoint(services(), ADMIN, { mediaId: photo.id, focal: { x: 0.5, y: 150 / 1200 } });
    expect(saved).toEqual({ status: "saved", focal: { x: 0.5, y: 0.125 } });
    expect((await getMediaItem(database.db, photo.id))!.focal).toEqual({ x: 0.5, y: 0.125 });
    const [entry] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "media-focal"), eq(auditLog.entityId, String(photo.id))));
    expect(entry!.details).toMatchObject({ focal: { x: 0.5, y: 0.125 }, before: { x: 0.5, y: 0.5 } });
    expect(services().announced).toHaveLength(before + 1);
    expect(services().announced.at(-1)).toMatchObject({ entity: "media", action: "updated", ids: [String(photo.id)] });
    expect(services().announced.at(-1)!.paths).toContain(`/artist/${encodeURIComponent("공유배우")}`);

    const moved = await artistShareImagePath(database.db, artist, "ko");
    expect(moved).toMatch(SHARE_PATH);
    expect(moved).not.toBe(first);
    const aimed = await shareImageBytes(services(), (await artistShareSubject(database.db, artist.id, "ko"))!);
    expect(Buffer.from(aimed).equals(Buffer.from(centred))).toBe(false);
    // The crop starts at the top of the photo: the block (y 70-230 of 1200, scaled 1.5×) is at the top.
    expect(await redAt(aimed, 600, 200)).toBe(true);

    // A new name (here the English one) is a new URL too.
    await saveArtist(services(), ADMIN, { existingName: "공유배우", input: { ...emptyArtistFields(), name: "공유배우", nameEn: "Renamed", imageUrls: [photo.url] }, status: null, displayOrder: null, expectedVersion: null });
    expect(await artistShareImagePath(database.db, artist, "ko")).not.toBe(moved);
  });

  it("refuses a focal point outside the photo, and an unknown image", async () => {
    const photo = await uploadImage(services(), ADMIN, await portrait());
    expect(await updateMediaFocalPoint(services(), ADMIN, { mediaId: photo.id, focal: { x: 1.5, y: 0.5 } })).toEqual({
      status: "invalid",
      errors: { x: "초점은 사진 안에서 선택해 주세요." },
    });
    expect(await updateMediaFocalPoint(services(), ADMIN, { mediaId: photo.id, focal: { x: "a", y: 0.5 } })).toMatchObject({ status: "invalid" });
    expect((await getMediaItem(database.db, photo.id))!.focal).toEqual({ x: 0.5, y: 0.5 });
    expect(await updateMediaFocalPoint(services(), ADMIN, { mediaId: 999_999, focal: { x: 0.5, y: 0.5 } })).toEqual({ status: "not-found" });
  });

  it("a post's image: its first stored image with the title, the English title on the English one; none: the branded card", async () => {
    const photo = await uploadImage(services(), ADMIN, await portrait());
    const withImage = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "공유 소식", content: `<p>본문</p><p><img src="${photo.url}"></p>`, expectedVersion: null });
    const textOnly = await savePost(services(), ADMIN, { kind: "notice", postId: null, title: "글만 있는 공지", content: "<p>본문</p>", expectedVersion: null });
    if (withImage.status !== "saved" || textOnly.status !== "saved") throw new Error("not saved");

    const news = (await postShareSubject(database.db, "news", withImage.postId, "ko"))!;
    expect(news).toMatchObject({ public: true, card: { variant: "post", title: "공유 소식", label: "뉴스" }, photo: { storageKey: expect.stringMatching(/\.jpg$/) } });
    const notice = (await postShareSubject(database.db, "notice", textOnly.postId, "ko"))!;
    expect(notice.photo).toBeNull();
    expect(await postShareSubject(database.db, "news", textOnly.postId, "ko")).toBeNull();
    const noticeImage = await shareImageBytes(services(), notice);
    expect(await sharp(noticeImage).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });

    const koPath = await postShareImagePath(database.db, { kind: "news", postId: withImage.postId }, "ko");
    const enPath = await postShareImagePath(database.db, { kind: "news", postId: withImage.postId }, "en");
    expect(koPath).toMatch(new RegExp(`^/share/news/${withImage.postId}\\.jpg\\?v=[0-9a-f]{16}$`));
    expect(enPath).toMatch(new RegExp(`^/share/news/${withImage.postId}-en\\.jpg\\?v=`));
    // Without an English title the English image has the Korean one; with it, the English one.
    expect((await postShareSubject(database.db, "news", withImage.postId, "en"))!.card).toMatchObject({ title: "공유 소식", label: "NEWS" });
    await database.db.update(posts).set({ titleEn: "Shared news" }).where(eq(posts.id, withImage.postId));
    expect((await postShareSubject(database.db, "news", withImage.postId, "en"))!.card.title).toBe("Shared news");
    expect(await postShareImagePath(database.db, { kind: "news", postId: withImage.postId }, "en")).not.toBe(enPath);
    expect(await postShareImagePath(database.db, { kind: "news", postId: withImage.postId }, "ko")).toBe(koPath);

    // The post's first image's focal point names the post's page in the change event.
    await updateMediaFocalPoint(services(), ADMIN, { mediaId: photo.id, focal: { x: 0.2, y: 0.2 } });
    expect(services().announced.at(-1)!.paths).toContain(`/newsDetail/${withImage.postId}`);
    expect(await postShareImagePath(database.db, { kind: "news", postId: withImage.postId }, "ko")).not.toBe(koPath);
  });

  it("a draft artist's image is not public (the route does not serve it)", async () => {
    const draft = await savedArtist("초안배우", [], "draft");
    const subject = await artistShareSubject(database.db, draft.id, "ko");
    expect(subject).toMatchObject({ public: false, photo: null });
  });
});
