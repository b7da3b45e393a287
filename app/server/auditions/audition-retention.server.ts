import { and, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { auditionApplications, auditionFiles } from "../../../drizzle/schema";
import { kstDate } from "../../domain/kst";
import { recordAudit } from "../platform/audit.server";
import { systemActor, type Actor, type Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";

/**
 * Deleting applications for good, with their photos and videos: when the retention period set in the
 * site settings has ended (the scheduler, on every app server), or at the applicant's request (the
 * admin, one action). Each deletion is recorded in the audit log by receipt number, reason and dates
 * only: no name, no contact details, nothing the applicant typed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

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
      .select({ id: auditionApplications.id, receiptNumber: auditionApplications.receiptNumber, receivedAt: auditionApplications.receivedAt, decidedAt: auditionApplications.decidedAt, status: auditionApplications.status })
      .from(auditionApplications)
      .where(inArray(auditionApplications.id, ids))
      .for("update", { skipLocked: true });
    if (rows.length === 0) return { deleted: [], keys: [] };
    const rowIds = rows.map((r) => r.id);
    const files = await tx.select({ storageKey: auditionFiles.storageKey, thumbKey: auditionFiles.thumbKey }).from(auditionFiles).where(inArray(auditionFiles.applicationId, rowIds));
    await tx.delete(auditionApplications).where(inArray(auditionApplications.id, rowIds));
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
          files: files.length,
          deletedAt: now.toISOString(),
        },
      });
    }
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
 * Deletes every application whose retention period has ended at `now`: the settings' number of days
 * after the final decision, or after receipt when no final decision was made.
 */
export async function purgeExpiredApplications(services: Services, now: Date): Promise<DeletedApplication[]> {
  const { auditionRetentionDays } = await getSiteSettings(services.db);
  const cutoff = new Date(now.getTime() - auditionRetentionDays * DAY_MS);
  const expired = await services.db
    .select({ id: auditionApplications.id })
    .from(auditionApplications)
    .where(
      or(
        and(isNotNull(auditionApplications.decidedAt), lte(auditionApplications.decidedAt, cutoff)),
        and(isNull(auditionApplications.decidedAt), lte(auditionApplications.receivedAt, cutoff)),
      ),
    )
    .orderBy(sql`${auditionApplications.id}`)
    .limit(500);
  return deleteApplications(services, systemActor("보관 기간 만료 파기"), expired.map((r) => r.id), "retention", now);
}
