import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditionApplications, auditionFiles, auditLog, siteSettings } from "../../../drizzle/schema";
import { deleteApplications } from "../../../app/server/auditions/audition-retention.server";
import { runDueJobs } from "../../../app/server/jobs/scheduler.server";
import { systemActor } from "../../../app/server/platform/services.server";
import { ensureSiteSettings, getSiteSettings, SETTINGS_KEY } from "../../../app/server/site/settings.server";
import { submitTestApplication } from "../../fixtures/audition-upload";
import { useTestDatabase } from "../../setup/test-database";

const DAY = 24 * 60 * 60 * 1000;

describe("audition applications are kept only as long as their applicants agreed", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  beforeAll(() => ensureSiteSettings(database.db));

  const keysOf = async (applicationId: number) => {
    const rows = await database.db.select().from(auditionFiles).where(eq(auditionFiles.applicationId, applicationId));
    return rows.flatMap((r) => (r.thumbKey ? [r.storageKey, r.thumbKey] : [r.storageKey]));
  };
  const exists = async (id: number) => (await database.db.select({ id: auditionApplications.id }).from(auditionApplications).where(eq(auditionApplications.id, id))).length === 1;

  it("deletes rows and files 90 days after the final decision, or after receipt when there is none, and records it without personal data", async () => {
    const t0 = new Date("2026-01-10T03:00:00Z");
    const undecided = await submitTestApplication(database.services, t0, { name: "보관기간테스트갑" });
    const decided = await submitTestApplication(database.services, t0, { name: "보관기간테스트을" });
    await database.db.update(auditionApplications).set({ status: "rejected", decidedAt: new Date(t0.getTime() + 10 * DAY) }).where(eq(auditionApplications.id, decided.applicationId));
    const undecidedKeys = await keysOf(undecided.applicationId);
    expect(undecidedKeys).toHaveLength(4);
    for (const key of undecidedKeys) expect(await database.services.privateStorage.size(key)).toBeGreaterThan(0);

    await runDueJobs(database.services, new Date(t0.getTime() + 90 * DAY - 1000));
    expect(await exists(undecided.applicationId)).toBe(true);

    await runDueJobs(database.services, new Date(t0.getTime() + 90 * DAY + 1000));
    expect(await exists(undecided.applicationId)).toBe(false);
    expect(await exists(decided.applicationId)).toBe(true);
    for (const key of undecidedKeys) expect(await database.services.privateStorage.size(key)).toBeNull();
    expect(await database.db.select().from(auditionFiles).where(eq(auditionFiles.applicationId, undecided.applicationId))).toHaveLength(0);

    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, undecided.receiptNumber));
    expect(entry).toMatchObject({ action: "retention-delete", entity: "audition", actorLabel: "보관 기간 만료 파기" });
    const recorded = JSON.stringify(entry);
    expect(recorded).not.toContain("보관기간테스트갑");
    expect(recorded).not.toContain("@example.com");
    expect(recorded).not.toMatch(/010-\d{4}-\d{4}/);

    await runDueJobs(database.services, new Date(t0.getTime() + 100 * DAY + 1000));
    expect(await exists(decided.applicationId)).toBe(false);
  });

  it("keeps each application for the period its applicant consented to: a later change of the setting applies to new applications only", async () => {
    const settings = await getSiteSettings(database.db);
    const setRetention = async (days: number) => {
      await database.db.update(siteSettings).set({ value: { ...settings, auditionRetentionDays: days } }).where(eq(siteSettings.key, SETTINGS_KEY));
    };
    try {
      const t0 = new Date("2026-03-01T00:00:00Z");
      await setRetention(30);
      const short = await submitTestApplication(database.services, t0);
      await setRetention(60);
      const long = await submitTestApplication(database.services, new Date(t0.getTime() + 1000));
      const decidedLong = await submitTestApplication(database.services, new Date(t0.getTime() + 2000));
      await database.db.update(auditionApplications).set({ status: "accepted", decidedAt: new Date(t0.getTime() + 20 * DAY) }).where(eq(auditionApplications.id, decidedLong.applicationId));
      const consented = async (id: number) => (await database.db.select({ consent: auditionApplications.consent }).from(auditionApplications).where(eq(auditionApplications.id, id)))[0]!.consent.retentionDays;
      expect([await consented(short.applicationId), await consented(long.applicationId)]).toEqual([30, 60]);

      // Shortened afterwards: nothing received before goes sooner than its applicant was told.
      await setRetention(7);
      await runDueJobs(database.services, new Date(t0.getTime() + 29 * DAY));
      expect(await exists(short.applicationId)).toBe(true);
      expect(await exists(long.applicationId)).toBe(true);

      await runDueJobs(database.services, new Date(t0.getTime() + 30 * DAY + 1000));
      expect(await exists(short.applicationId)).toBe(false);
      expect(await exists(long.applicationId)).toBe(true);
      const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, short.receiptNumber));
      expect(entry?.details).toMatchObject({ retentionDays: 30 });

      // Lengthened afterwards: nothing is kept longer than its applicant agreed to.
      await setRetention(365);
      await runDueJobs(database.services, new Date(t0.getTime() + 60 * DAY));
      expect(await exists(long.applicationId)).toBe(true);
      await runDueJobs(database.services, new Date(t0.getTime() + 60 * DAY + 2000));
      expect(await exists(long.applicationId)).toBe(false);
      // Decided on day 20: 60 consented days from the decision.
      expect(await exists(decidedLong.applicationId)).toBe(true);
      await runDueJobs(database.services, new Date(t0.getTime() + 80 * DAY - 1000));
      expect(await exists(decidedLong.applicationId)).toBe(true);
      await runDueJobs(database.services, new Date(t0.getTime() + 80 * DAY + 1000));
      expect(await exists(decidedLong.applicationId)).toBe(false);
    } finally {
      await database.db.update(siteSettings).set({ value: settings }).where(eq(siteSettings.key, SETTINGS_KEY));
    }
  });

  it("an applicant's deletion request removes the application and its files at once, recorded by receipt number", async () => {
    const application = await submitTestApplication(database.services, new Date());
    const keys = await keysOf(application.applicationId);
    const deleted = await deleteApplications(database.services, { staffId: null, via: "session", label: "admin" }, [application.applicationId], "request");
    expect(deleted).toEqual([{ id: application.applicationId, receiptNumber: application.receiptNumber }]);
    expect(await exists(application.applicationId)).toBe(false);
    for (const key of keys) expect(await database.services.privateStorage.size(key)).toBeNull();
    const entries = await database.db.select().from(auditLog).where(inArray(auditLog.entityId, [application.receiptNumber]));
    expect(entries.map((e) => e.action)).toEqual(["request-delete"]);
    // Asking again finds nothing to delete and records nothing.
    expect(await deleteApplications(database.services, systemActor("again"), [application.applicationId], "request")).toEqual([]);
  });

  it("receipt numbers count up per year and are never reused after a deletion", async () => {
    const a = await submitTestApplication(database.services, new Date("2027-02-01T00:00:00Z"));
    await deleteApplications(database.services, systemActor("test"), [a.applicationId], "request");
    const b = await submitTestApplication(database.services, new Date("2027-02-02T00:00:00Z"));
    expect(a.receiptNumber).toBe("AUD-2027-000001");
    expect(b.receiptNumber).toBe("AUD-2027-000002");
  });
});
