import sharp from "sharp";
import { openDatabaseForScript } from "../backup/script-database.server";
import { startCdnPurge } from "../pipeline/cdn-purge.server";
import { createChangeFeed } from "../platform/changes.server";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";
import type { Services } from "../platform/services.server";
import { openStorages } from "../platform/storages.server";
import { prepareDatabase } from "./prepare-database.server";

/**
 * The services a command-line script writes content through (`npm run import:site`): the database
 * prepared as `npm start` prepares it, the storages, and a change feed relayed to the running servers
 * (PostgreSQL NOTIFY) and the CDN purge, so a script's writes empty every cache as an admin's do.
 */
export async function openScriptServices(env: Env, logger: Logger, advice: string): Promise<Services & { engine: "pglite" | "postgres"; close(): Promise<void> }> {
  sharp.cache(false);
  const database = await openDatabaseForScript(env, logger, advice);
  const storages = openStorages(env);
  try {
    await prepareDatabase({ database, storage: storages.storage, privateStorage: storages.privateStorage, env, logger });
    const changes = createChangeFeed(logger);
    const relay = database.relayChanges(changes);
    await relay.ready;
    const cdnPurge = env.CDN_PURGE_URL ? startCdnPurge(changes, { url: env.CDN_PURGE_URL, token: env.CDN_PURGE_TOKEN, publicOrigin: env.PUBLIC_ORIGIN, logger }) : null;
    return {
      engine: database.engine,
      db: database.db,
      storage: storages.storage,
      privateStorage: storages.privateStorage,
      changes,
      logger,
      remoteImages: { allowPrivateHosts: env.REMOTE_IMAGES_ALLOW_PRIVATE_HOSTS },
      async close() {
        // The purges the script's last writes asked for go out first (bounded: a CDN that does not answer is retried by the next write).
        if (cdnPurge) await Promise.race([cdnPurge.idle(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
        cdnPurge?.stop();
        await relay.stop();
        await database.close();
        storages.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    storages.close();
    throw error;
  }
}
