import { lte, or } from "drizzle-orm";
import { castingPackages } from "../../../drizzle/schema";
import { PACKAGE_RETENTION_DAYS } from "../../domain/casting-packages";
import { recordAudit } from "../platform/audit.server";
import { systemActor, type Services } from "../platform/services.server";
import { DAY_MS, type PackageRow } from "./package-link.server";

/**
 * How long a casting package and its recipient's records are kept (decision 049): PACKAGE_RETENTION_DAYS
 * after its link closed, then deleted by the scheduler.
 */

/** When a package and its recipient's records are deleted: PACKAGE_RETENTION_DAYS after its link closed. */
export function packageDeletionDate(row: Pick<PackageRow, "revokedAt" | "expiresAt">): Date {
  const closed = row.revokedAt && row.revokedAt < row.expiresAt ? row.revokedAt : row.expiresAt;
  return new Date(closed.getTime() + PACKAGE_RETENTION_DAYS * DAY_MS);
}

/**
 * The retention rule (decision 049): a package whose link closed (expired or revoked) more than
 * PACKAGE_RETENTION_DAYS ago is deleted with its recipient's records. Run by the scheduler; a delete by
 * cutoff, harmless when two servers run it.
 */
export async function purgeClosedPackages(services: Services, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - PACKAGE_RETENTION_DAYS * DAY_MS);
  const rows = await services.db
    .delete(castingPackages)
    .where(or(lte(castingPackages.expiresAt, cutoff), lte(castingPackages.revokedAt, cutoff)))
    .returning({ id: castingPackages.id, title: castingPackages.title });
  if (rows.length > 0) {
    const actor = systemActor("캐스팅 패키지 보유 기간 만료");
    for (const row of rows) await recordAudit(services.db, actor, { action: "retention-delete", entity: "casting-package", entityId: row.id, details: { title: row.title } });
  }
  return rows.map((r) => r.id);
}
