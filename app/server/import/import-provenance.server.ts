import { and, eq } from "drizzle-orm";
import { importedRecords } from "../../../drizzle/schema";
import type { ImportKind } from "../../domain/site-import";
import type { Tx } from "../platform/db.server";
import { count, note, type ImportContext } from "./import-context.server";

/**
 * Where a record came from, and what became of it here (decision 045): `imported_records` keeps, per
 * origin, kind and key, the record here, the fingerprint of the old record as imported and the version
 * it was given here. It is written in the save's own transaction; a re-run compares both to decide.
 */

export type Provenance = typeof importedRecords.$inferSelect;

export async function provenance(ctx: ImportContext, kind: ImportKind, key: string): Promise<Provenance | null> {
  const [row] = await ctx.services.db
    .select()
    .from(importedRecords)
    .where(and(eq(importedRecords.origin, ctx.origin), eq(importedRecords.kind, kind), eq(importedRecords.sourceKey, key)));
  return row ?? null;
}

/** The save's `alsoInTransaction`: the record's provenance, written with it or not at all. */
export const remember = (ctx: ImportContext, kind: ImportKind, key: string, hash: string) => async (tx: Tx, saved: { id: number; version: number }) => {
  const values = { origin: ctx.origin, kind, sourceKey: key, localId: saved.id, sourceHash: hash, localVersion: saved.version, importedAt: new Date() };
  await tx
    .insert(importedRecords)
    .values(values)
    .onConflictDoUpdate({ target: [importedRecords.origin, importedRecords.kind, importedRecords.sourceKey], set: { localId: values.localId, sourceHash: hash, localVersion: saved.version, importedAt: values.importedAt } });
};

/** What to do with a record given its provenance and the record here: create, update, or an outcome already decided (counted and noted). */
export function decide(
  ctx: ImportContext,
  kind: ImportKind,
  label: string,
  hash: string,
  previous: { sourceHash: string; localVersion: number } | null,
  local: { version: number; deletedAt: Date | null } | null,
): "create" | "update" | null {
  if (!previous) return "create";
  if (!local || local.deletedAt) {
    count(ctx, kind, "skipped");
    note(ctx, "skipped", kind, label, local ? "여기서 휴지통으로 옮긴 기록이라 다시 가져오지 않았습니다." : "여기서 삭제한 기록이라 다시 가져오지 않았습니다.");
    return null;
  }
  if (previous.sourceHash === hash) {
    count(ctx, kind, "unchanged");
    return null;
  }
  if (local.version !== previous.localVersion) {
    count(ctx, kind, "conflict");
    note(ctx, "conflicts", kind, label, "이전 사이트에서 바뀌었지만 지난 가져오기 뒤 여기서도 고쳐서, 여기의 내용을 그대로 두었습니다.");
    return null;
  }
  return "update";
}
