import { eq, inArray } from "drizzle-orm";
import { auditionApplications, auditionStatusChanges } from "../../../drizzle/schema";
import type { AccessReason } from "../../domain/access-records";
import { isFinalAuditionStatus } from "../../domain/audition-review";
import type { AuditionStatus } from "../../domain/auditions";
import { recordAudit } from "../platform/audit.server";
import { recordAccess } from "../privacy/access-records.server";
import { describeActor, type Actor, type Services } from "../platform/services.server";

/**
 * The agency's review of applications: status changes (one or many), internal notes, the CSV export's
 * audit entry. The audit log names applications by receipt number only: the log is kept longer than
 * the applications, so it must not hold their personal data.
 */

export interface StatusChangeResult {
  /** Applications whose status changed (receipt numbers). */
  changed: string[];
  /** Applications that already had that status. */
  unchanged: string[];
}

/**
 * Sets the status of the given applications, in one transaction with row locks (two administrators
 * changing the same one at once: each change lands and is recorded in turn). A final status (최종 합격,
 * 불합격) sets `decidedAt`, from which the retention period counts; going back to a non-final status
 * clears it. Each change is a row of the status history and an audit entry.
 */
export async function changeApplicationStatus(services: Services, actor: Actor, ids: number[], status: AuditionStatus, now = new Date()): Promise<StatusChangeResult> {
  if (ids.length === 0) return { changed: [], unchanged: [] };
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: auditionApplications.id, receiptNumber: auditionApplications.receiptNumber, status: auditionApplications.status })
      .from(auditionApplications)
      .where(inArray(auditionApplications.id, ids))
      .orderBy(auditionApplications.id)
      .for("update");
    const result: StatusChangeResult = { changed: [], unchanged: [] };
    const toChange = rows.filter((row) => {
      if (row.status === status) result.unchanged.push(row.receiptNumber);
      return row.status !== status;
    });
    if (toChange.length === 0) return result;
    await tx
      .update(auditionApplications)
      .set({ status, decidedAt: isFinalAuditionStatus(status) ? now : null, updatedAt: now })
      .where(inArray(auditionApplications.id, toChange.map((r) => r.id)));
    await tx.insert(auditionStatusChanges).values(
      toChange.map((row) => ({ applicationId: row.id, fromStatus: row.status, toStatus: status, actorLabel: describeActor(actor), createdAt: now })),
    );
    for (const row of toChange) {
      await recordAudit(tx, actor, {
        action: "status-change",
        entity: "audition",
        entityId: row.receiptNumber,
        details: { receiptNumber: row.receiptNumber, from: row.status, to: status },
      });
      result.changed.push(row.receiptNumber);
    }
    // One access record for the whole change (one application or many), in its transaction (decision 039).
    await recordAccess(tx, actor, { action: "status", receiptNumbers: result.changed, details: { count: result.changed.length, status } }, now);
    return result;
  });
}

/** Saves the internal notes of one application; false when it no longer exists. The notes' text is not audited. */
export async function saveApplicationNotes(services: Services, actor: Actor, id: number, notes: string, now = new Date()): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(auditionApplications)
      .set({ notes, updatedAt: now })
      .where(eq(auditionApplications.id, id))
      .returning({ receiptNumber: auditionApplications.receiptNumber });
    if (!row) return false;
    await recordAudit(tx, actor, { action: "notes-update", entity: "audition", entityId: row.receiptNumber, details: { receiptNumber: row.receiptNumber, length: notes.length } });
    await recordAccess(tx, actor, { action: "note", receiptNumbers: [row.receiptNumber] }, now);
    return true;
  });
}

/**
 * Records that applications left the system as a CSV file: how many, which receipt numbers, in the
 * audit log and (with the reason given) in the access records, together.
 */
export async function recordApplicationsExport(services: Services, actor: Actor, receiptNumbers: string[], reason: AccessReason): Promise<void> {
  await services.db.transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: "export",
      entity: "audition",
      entityId: `csv-${receiptNumbers.length}`,
      details: { format: "csv", count: receiptNumbers.length, receiptNumbers },
    });
    await recordAccess(tx, actor, { action: "export", receiptNumbers, details: { count: receiptNumbers.length, format: "csv" }, reason });
  });
}
