import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditionApplications, auditLog } from "../../../drizzle/schema";
import { purgeExpiredApplications } from "../../../app/server/auditions/audition-retention.server";
import { openDatabase, type DatabaseHandle } from "../../../app/server/platform/db.server";
import { ensureSiteSettings } from "../../../app/server/site/settings.server";
import { hitRateLimit } from "../../../app/server/platform/rate-limit.server";
import { submitTestApplication } from "../../fixtures/audition-upload";
import { createTestServices, useTestDatabase } from "../../setup/test-database";

const DAY = 24 * 60 * 60 * 1000;

describe("two app servers over one PostgreSQL database", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let other: DatabaseHandle;
  beforeAll(async () => {
    await ensureSiteSettings(database.db);
    other = await openDatabase({ kind: "postgres", url: database.url!, poolMax: 4 });
  });
  afterAll(() => other?.close());

  it("purge the expired applications once: each deleted by one server and recorded once", async () => {
    const t0 = new Date("2026-02-01T00:00:00Z");
    const ids: number[] = [];
    const receipts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const received = await submitTestApplication(database.services, t0);
      ids.push(received.applicationId);
      receipts.push(received.receiptNumber);
    }
    // Both servers share the files (one storage), as they would share an object store.
    const second = createTestServices(other.db, database.storage, database.services.privateStorage);
    const later = new Date(t0.getTime() + 91 * DAY);
    const [a, b] = await Promise.all([purgeExpiredApplications(database.services, later), purgeExpiredApplications(second, later)]);
    expect([...a, ...b].map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
    expect(await database.db.select().from(auditionApplications).where(inArray(auditionApplications.id, ids))).toHaveLength(0);
    const entries = await database.db.select().from(auditLog).where(inArray(auditLog.entityId, receipts));
    expect(entries).toHaveLength(6);
    expect(new Set(entries.map((e) => e.entityId)).size).toBe(6);
  });

  it("count the same per-address limit", async () => {
    const rule = { bucket: "test-shared", limit: 3, windowMs: 60 * 60 * 1000 };
    const now = new Date("2026-05-01T10:10:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(i % 2 === 0 ? database.db : other.db, rule, "subject-1", now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(50 * 60);
    // The next window starts afresh.
    expect((await hitRateLimit(other.db, rule, "subject-1", new Date("2026-05-01T11:00:00Z"))).allowed).toBe(true);
  });
});
