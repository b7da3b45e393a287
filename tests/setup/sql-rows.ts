import type { SQL } from "drizzle-orm";
import type { Database } from "../../app/server/platform/db.server";

/** Rows of a raw query; both drivers (pg and PGlite) answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
