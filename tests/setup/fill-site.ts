import { eq, sql } from "drizzle-orm";
import {
  staffUsers,
  artistImages,
  artists,
  auditionApplications,
  auditionFiles,
  auditionStatusChanges,
  auditLog,
  media,
  mediaVariants,
  postMedia,
  posts,
  revisions,
  sessions,
  siteSettings,
} from "../../drizzle/schema";
import type { Database } from "../../app/server/platform/db.server";
import { systemActor } from "../../app/server/platform/services.server";
import type { MediaStorage } from "../../app/server/platform/storage.server";
import { recordAccess } from "../../app/server/privacy/access-records.server";

/** The site's one photo (its 480 px WebP variant beside it). */
export const SITE_PHOTO = "2026/11/0123456789abcdef0123456789abcdef.jpg";

/** Rows in every kind of table a site has, with values easy to get wrong on the way, and their files. */
export async function fillSite(db: Database, storage: MediaStorage, privateStorage: MediaStorage) {
  const [photo] = await db
    .insert(media)
    .values({ storageKey: SITE_PHOTO, format: "jpeg", mimeType: "image/jpeg", width: 640, height: 480, bytes: 3, sha256: "x", alt: "무대 위 \"배우\"", focalX: 0.3, focalY: 0.123456 })
    .returning();
  await db.insert(mediaVariants).values({ mediaId: photo!.id, format: "webp", width: 480, height: 360, storageKey: "2026/11/0123456789abcdef0123456789abcdef-480.webp", bytes: 2 });
  await storage.put(SITE_PHOTO, new Uint8Array([0xff, 0xd8, 0xff]));
  await storage.put("2026/11/0123456789abcdef0123456789abcdef-480.webp", new Uint8Array([0x52, 0x49]));
  await privateStorage.put("auditions/2026/11/fedcba9876543210fedcba9876543210.jpg", new Uint8Array(70_000).map((_, i) => i % 251));
  // A kept scheduled backup stays where it is, as every other file.
  await privateStorage.put("backups/we-backup-20261101T000000Z.tar.gz", new Uint8Array([1]));

  // A row deleted again leaves its id used: the sequence must still move past the largest id, not the count.
  const [gone] = await db.insert(artists).values({ name: "지워진 배우" }).returning();
  await db.delete(artists).where(eq(artists.id, gone!.id));
  const [artist] = await db
    .insert(artists)
    .values({ name: "김하늘", nameEn: "KIM HANEUL", education: ["서울예대", "따옴표 \" 와 \\ 역슬래시"], en: { birthday: "May 1", films: ["Line\nbreak", "😀"] }, status: "public" })
    .returning();
  await db.insert(artistImages).values({ artistId: artist!.id, position: 0, mediaId: photo!.id });
  const [post] = await db
    .insert(posts)
    .values({ kind: "news", title: "첫 소식 \u2028 줄 구분자", content: "<p>줄\n바꿈 'quote' \"double\" \t 탭</p>", writeDay: "2026-11-24", status: "scheduled", publishAt: new Date("2026-12-01T01:00:00Z") })
    .returning();
  await db.execute(sql`update posts set updated_at = '2026-11-24 05:30:00.123456+09' where id = ${post!.id}`);
  await db.insert(postMedia).values({ postId: post!.id, mediaId: photo!.id });
  const [admin] = await db.insert(staffUsers).values({ loginId: "admin", passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$abc$def" }).returning();
  await db.insert(staffUsers).values({ loginId: "editor", passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$ghi$jkl" });
  await db.insert(sessions).values({ tokenHash: "f".repeat(64), staffId: admin!.id, expiresAt: new Date("2027-01-01T00:00:00Z") });
  await db.insert(revisions).values({ entity: "post", entityId: post!.id, version: 1, snapshot: { title: "첫 소식", nested: { list: [1, 2.5, null, true] } }, staffId: admin!.id });
  await db.insert(auditLog).values({ staffId: admin!.id, action: "create", entity: "post", entityId: String(post!.id), details: sql`'{"big": 12345678901234567890.5, "text": "한글"}'::jsonb` });
  await db.insert(siteSettings).values([
    { key: "contact", value: { phone: "02-000-0000" } },
    { key: "plain-string", value: "문자열" },
    { key: "Zeta", value: 1 },
    { key: "alpha", value: 2 },
  ]);
  await db.insert(siteSettings).values({ key: "json-null", value: sql`'null'::jsonb` });
  const application = {
    status: "received" as const,
    name: "지원자",
    birthDate: "2010-03-04",
    gender: "female",
    phone: "010-1234-5678",
    email: "a@example.com",
    heightCm: 160,
    introduction: "안녕하세요",
    consent: { at: "2026-11-24T00:00:00.000Z", retentionDays: 180, purpose: "오디션" },
  };
  const [withGuardian] = await db
    .insert(auditionApplications)
    .values({ ...application, receiptNumber: "AUD-2026-000001", guardian: { name: "보호자", phone: "010-0000-0000", consentedAt: "2026-11-24T00:00:00.000Z" } })
    .returning();
  await db.insert(auditionApplications).values({ ...application, receiptNumber: "AUD-2026-000002", guardian: null });
  // A JSON null is a value, not the absence of one.
  await db.insert(auditionApplications).values({ ...application, receiptNumber: "AUD-2026-000003", guardian: sql`'null'::jsonb` });
  await db.insert(auditionFiles).values({ id: "fedcba9876543210fedcba9876543210", applicationId: withGuardian!.id, kind: "photo", storageKey: "auditions/2026/11/fedcba9876543210fedcba9876543210.jpg", contentType: "image/jpeg", bytes: 70_000 });
  await db.insert(auditionStatusChanges).values({ applicationId: withGuardian!.id, fromStatus: "received", toStatus: "reviewing", actorLabel: "admin" });
  // The access records' hash chain covers ids and times to the microsecond: it must still verify after the move.
  await recordAccess(db, systemActor("검토"), { action: "view", receiptNumbers: ["AUD-2026-000001"] }, new Date("2026-11-25T00:00:00.123Z"));
  await recordAccess(db, systemActor("검토"), { action: "export", receiptNumbers: ["AUD-2026-000001", "AUD-2026-000002"], details: { rows: 2 } }, new Date("2026-11-25T00:01:00Z"));
}
