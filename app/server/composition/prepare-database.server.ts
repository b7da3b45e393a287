import { announceAdminCredential, ensureAdminCredential } from "../auth/admin-credential.server";
import { movePgliteDataDir } from "../backup/pglite-move.server";
import { refreshDerivedPostContent } from "../posts/post-content.server";
import { seedDemoContent } from "../seed/seed.server";
import { ensureSiteSettings } from "../site/settings.server";
import type { DatabaseHandle } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";
import type { MediaStorage } from "../platform/storage.server";

/**
 * Brings the database to what the app serves: applies the migrations, moves in the database of an
 * embedded PGlite directory the versions before issue 38 left under DATA_DIR (once: pglite-move.server.ts,
 * before anything is written, so nothing is seeded in its place), stores default settings, sets the
 * admin credential and seeds demo content into an empty database. Idempotent: each start runs it
 * (cheap when there is nothing to do), and the first `npm start` also runs it beside the build
 * (scripts/prepare-database.ts), so the server that follows finds it done.
 */
export async function prepareDatabase(deps: {
  database: DatabaseHandle;
  storage: MediaStorage;
  privateStorage: MediaStorage;
  env: Pick<Env, "ADMIN_ID" | "ADMIN_PASSWORD" | "SEED_DEMO_CONTENT" | "DATABASE_URL" | "DATA_DIR">;
  logger: Logger;
}): Promise<void> {
  const { database, storage, privateStorage, env, logger } = deps;
  const { db } = database;
  await database.migrate();
  // The embedded default only: a site on DATABASE_URL never had its database under DATA_DIR.
  if (!env.DATABASE_URL) await movePgliteDataDir({ dataDir: env.DATA_DIR, target: database, storage, privateStorage, logger });
  await ensureSiteSettings(db);
  announceAdminCredential(
    await ensureAdminCredential(db, env.ADMIN_ID && env.ADMIN_PASSWORD ? { loginId: env.ADMIN_ID, password: env.ADMIN_PASSWORD } : null),
    logger,
  );
  if (env.SEED_DEMO_CONTENT) await seedDemoContent({ db, storage, logger });
  await refreshDerivedPostContent(db, logger);
}
