/**
 * Run by `npm start` (scripts/ensure-build.ts) beside the build, when there is one to make: opens the
 * database the environment names and prepares it as the server would at start (migrations, settings,
 * admin credential, demo content), so that a first start spends the build's time on it too: creating
 * the embedded cluster and seeding take about as long as the build, one core each
 * (docs/decisions/028-cold-start-and-memory.md). Anything that goes wrong is left to the server, which
 * does the same at start and says what is wrong: this only saves time.
 */
import { openDatabase, databaseConfig } from "../app/server/platform/db.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { prepareDatabase } from "../app/server/composition/prepare-database.server";
import { openStorages } from "../app/server/platform/storages.server";

try {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const started = Date.now();
  const database = await openDatabase(databaseConfig(env, logger));
  const storages = openStorages(env);
  try {
    await prepareDatabase({ database, storage: storages.storage, privateStorage: storages.privateStorage, env, logger });
    logger.info({ engine: database.engine, ms: Date.now() - started }, "database prepared");
  } finally {
    await database.close();
    storages.close();
  }
} catch {
  process.exitCode = 1;
}
