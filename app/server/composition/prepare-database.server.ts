import { announceAdminCredential, ensureAdminCredential } from "../auth/admin-credential.server";
import { refreshDerivedPostContent } from "../posts/post-content.server";
import { seedDemoContent } from "../seed/seed.server";
import { ensureSiteSettings } from "../site/settings.server";
import type { DatabaseHandle } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";
import type { MediaStorage } from "../platform/storage.server";

/**
 * Brings the database to what the app serves: applies the migrations, stores default settings, sets
 * the admin credential and seeds demo content into an empty database. Idempotent: each start runs it
 * (cheap when there is nothing to do), and the first `npm start` also runs it beside the build
 * (scripts/prepare-database.ts), so the server that follows finds it done.
 */
export async function prepareDatabase(deps: {
  database: DatabaseHandle;
  storage: MediaStorage;
  env: Pick<Env, "ADMIN_ID" | "ADMIN_PASSWORD" | "SEED_DEMO_CONTENT">;
  logger: Logger;
}): Promise<void> {
  const { database, storage, env, logger } = deps;
  const { db } = database;
  await database.migrate();
  await ensureSiteSettings(db);
  announceAdminCredential(
    await ensureAdminCredential(db, env.ADMIN_ID && env.ADMIN_PASSWORD ? { loginId: env.ADMIN_ID, password: env.ADMIN_PASSWORD } : null),
    logger,
  );
  if (env.SEED_DEMO_CONTENT) await seedDemoContent({ db, storage, logger });
  await refreshDerivedPostContent(db, logger);
}
