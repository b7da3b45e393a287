import { inArray, sql, type SQL } from "drizzle-orm";
import { auditionApplications, auditionFiles, mailOutbox } from "../../../drizzle/schema";
import { kstDate } from "../../domain/kst";
import { recordAudit } from "../platform/audit.server";
import { recordAccess } from "../privacy/access-records.server";
import type { Tx } from "../platform/db.server";
import { systemActor, type Actor, type Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";

/**
 * Deleting applications for good, with their photos and videos: when the retention period the
 * applicant consented to has ended (the scheduler, on every app server; decision 033), or at the
 * applicant's request (the admin, one action). Each deletion is recorded in the audit log by receipt
 * number, reason and dates only: no name, no contact details, nothing the applicant typed.
 */

export type DeletionReason = "retention" | "request";

export interface DeletedApplication {
  id: number;
  receiptNumber: string;
}

/**
 * Deletes the given applications that still exist and are not being deleted by someone else (rows
 * claimed with `FOR UPDATE SKIP LOCKED`: two app servers purging at once delete and record each one
 * once). Files are removed after the rows are gone; a file that fails to go is logged, its row is
 * already gone, so it can no longer be reached.
 */
export async function deleteApplications(services: Services, actor: Actor, ids: number[], reason: DeletionReason, now = new Date()): Promise<DeletedApplication[]> {
  if (ids.length === 0) return [];
  const { deleted, keys } = await services.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: auditionApplications.id,
        receiptNumber: auditionApplications.receiptNumber,
        receivedAt: auditionApplications.receivedAt,
        decidedAt: auditionApplications.decidedAt,
        status: auditionApplications.status,
        email: auditionApplications.email,
        consent: auditionApplications.consent,
      })
      .from(auditionApplications)
      .where(inArray(auditionApplications.id, ids))
      .for("update", { skipLocked: true });
    if (rows.length === 0) return { deleted: [], keys: [] };
    const rowIds = rows.map((r) => r.id);
    const files = await tx.select({ storageKey: auditionFiles.storageKey, thumbKey: auditionFiles.thumbKey }).from(auditionFiles).where(inArray(auditionFiles.applicationId, rowIds));
    await tx.delete(auditionApplications).where(inArray(auditionApplications.id, rowIds));
    await forgetApplicantMail(tx, rows.map((r) => r.email));
    for (const row of rows) {
      await recordAudit(tx, actor, {
        action: reason === "retention" ? "retention-delete" : "request-delete",
        entity: "audition",
        entityId: row.receiptNumber,
        details: {
          receiptNumber: row.receiptNumber,
          receivedOn: kstDate(row.receivedAt),
          decidedOn: row.decidedAt ? kstDate(row.decidedAt) : null,
          status: row.status,
          retentionDays: row.consent.retentionDays,
          files: files.length,
          deletedAt: now.toISOString(),
        },
      });
    }
    // A member of staff deleting at the applicant's request is an access to personal data (decision 039);
    // the scheduler's retention purge is not a person's access.
    if (reason === "request") await recordAccess(tx, actor, { action: "delete", receiptNumbers: rows.map((r) => r.receiptNumber), details: { count: rows.length } }, now);
    return {
      deleted: rows.map((r) => ({ id: r.id, receiptNumber: r.receiptNumber })),
      keys: files.flatMap((f) => (f.thumbKey ? [f.storageKey, f.thumbKey] : [f.storageKey])),
    };
  });
  await Promise.all(
    keys.map((key) => services.privateStorage.delete(key).catch((error: unknown) => services.logger.error({ err: error, key }, "applicant file not deleted"))),
  );
  // No change event: nothing public, nothing cached shows an application.
  if (deleted.length > 0) services.logger.info({ count: deleted.length, reason }, "audition applications deleted");
  return deleted;
}

/**
 * Deletes the outbox's messages to addresses that no application uses any more (the duplicate notice
 * to an applicant, decision 033): an application deleted at the applicant's request or at the end of
 * its retention takes its address out of the outbox too, sent or not. The agency's own audition
 * address is kept whatever an applicant typed.
 */
async function forgetApplicantMail(tx: Tx, emails: string[]): Promise<void> {
  const candidates = [...new Set(emails)];
  if (candidates.length === 0) return;
  const stillUsed = new Set(
    (await tx.select({ email: auditionApplications.email }).from(auditionApplications).where(inArray(auditionApplications.email, candidates))).map((r) => r.email),
  );
  const { auditionEmail } = await getSiteSettings(tx);
  const gone = candidates.filter((email) => !stillUsed.has(email) && email !== auditionEmail.toLowerCase());
  if (gone.length > 0) await tx.delete(mailOutbox).where(inArray(mailOutbox.toAddress, gone));
}

/**
 * The days an application is kept, as the applicant agreed to them: the period the form stated when
 * they consented (stored with the application), never today's setting, which applies to applications
 * received after it changed. A consent without a readable number (none is written so, but a restored
 * archive is outside our hands) falls back to `fallbackDays`.
 */
function consentedRetentionDays(fallbackDays: number): SQL<number> {
  const days = sql`${auditionApplications.consent}->'retentionDays'`;
  return sql<number>`(case when jsonb_typeof(${days}) = 'number' then (${days})::numeric::integer else ${fallbackDays}::integer end)`;
}

/**
 * When an application's retention ends: its consented number of days after the final decision, or
 * after receipt when none was made. Whole days of 24 hours, as everywhere else in the app (an interval
 * of days would follow the database session's daylight-saving rules).
 */
function retentionEndsAt(fallbackDays: number): SQL<Date> {
  return sql<Date>`(coalesce(${auditionApplications.decidedAt}, ${auditionApplications.receivedAt}) + ${consentedRetentionDays(fallbackDays)} * interval '24 hours')`;
}

/** Deletes every application whose consented retention period has ended at `now`. */
export async function purgeExpiredApplications(services: Services, now: Date): Promise<DeletedApplication[]> {
  const { auditionRetentionDays } = await getSiteSettings(services.db);
  const expired = await services.db
    .select({ id: auditionApplications.id })
    .from(auditionApplications)
    .where(sql`${retentionEndsAt(auditionRetentionDays)} <= ${now.toISOString()}::timestamptz`)
    .orderBy(sql`${auditionApplications.id}`)
    .limit(500);
  return deleteApplications(services, systemActor("보관 기간 만료 파기"), expired.map((r) => r.id), "retention", now);
}
