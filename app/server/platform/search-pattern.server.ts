import { ilike, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A case-insensitive "contains" search of what someone typed: `%`, `_` and `\` match themselves, not
 * any text (PostgreSQL's LIKE escapes with a backslash by default).
 */
export function containsText(column: AnyPgColumn, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
