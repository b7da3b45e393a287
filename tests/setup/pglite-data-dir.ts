/**
 * A PGlite data directory as the versions before issue 38 left it (DATA_DIR/pglite, with the settings
 * they opened it with): the source of the mover's tests (app/server/backup/pglite-move.server.ts).
 * PGlite is no longer the app's engine; only the mover and this helper load it.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { findMigrationsFolder, schema, type Database } from "../../app/server/platform/db.server";

export interface PgliteDataDir {
  db: Database;
  /** Applies the committed migrations, or those of another folder (an older version's). */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  close(): Promise<void>;
}

export async function openPgliteDataDir(dataDir: string): Promise<PgliteDataDir> {
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "max_connections=10"],
  });
  const db = drizzle({ client, schema });
  await db.execute(sql`select 1`);
  return {
    db: db as unknown as Database,
    migrate: (options) => migrate(db, { migrationsFolder: options?.migrationsFolder ?? findMigrationsFolder() }),
    close: () => client.close(),
  };
}
