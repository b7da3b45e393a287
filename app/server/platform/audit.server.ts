import { auditLog } from "../../../drizzle/schema";
import type { Database, Tx } from "./db.server";

/** Records who changed what (administrator's own trail). */
export async function recordAudit(
  db: Database | Tx,
  entry: { adminId: number | null; action: string; entity: "artist" | "news" | "notice" | "media" | "api-token"; entityId: string | number; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    details: entry.details ?? {},
  });
}
