import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { DatabaseHealth } from "../platform/db-health.server";
import { PageCache } from "../pipeline/page-cache-store.server";
import { databaseConfig, openDatabase, type Database, type DatabaseHandle } from "../platform/db.server";
import { loadServerEnv, type Env } from "../platform/env.server";
import { createLogger, type Logger } from "../platform/logger.server";
import { createChangeFeed } from "../platform/changes.server";
import { prepareDatabase } from "./prepare-database.server";
import { provisionTotpSecret } from "../auth/second-factor.server";
import { argon2Operations } from "../auth/passwords.server";
import { startScheduler } from "../jobs/scheduler.server";
import { cleanPhotoSpool } from "../auditions/application-upload.server";
import { parseCron } from "../platform/cron.server";
import { backupTarget, startBackupScheduler } from "../backup/scheduled-backup.server";
import { headFileFor } from "../privacy/access-record-heads.server";
import { createSmtpMailer, resolveMailFrom } from "../mail/mailer.server";
import type { MailService, Services } from "../platform/services.server";
import type { MediaStorage } from "../platform/storage.server";
import { openStorages } from "../platform/storages.server";
import { Metrics } from "../platform/metrics.server";
import { attachReadCache, ReadCache } from "../platform/read-cache.server";
import { PageWarmer } from "../pipeline/page-warmer.server";
import { startCdnPurge } from "../pipeline/cdn-purge.server";

/** Everything a request needs from the process: configuration, database, storage, change feed, logger. */
export interface Runtime extends Services {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
  privateStorage: MediaStorage;
  sessionSecret: string;
  pageCache: PageCache;
  readCache: ReadCache;
  pageWarmer: PageWarmer;
  dbHealth: DatabaseHealth;
  metrics: Metrics;
  /**
   * Resolves once the changes this process announced have reached every other app process and server
   * (ChangeRelay.delivered): a write's answer waits for it, so the client's next request finds every
   * cache emptied, whichever process answers it (decision 056, amendment 3).
   */
  changesDelivered(): Promise<void>;
  close(): Promise<void>;
}

/**
 * E-mail when SMTP_URL is set (else none: nothing is queued or sent). Links in messages need the
 * public address; without PUBLIC_ORIGIN they point at this server's own, with a warning.
 */
function mailService(env: Env, logger: Logger): MailService | undefined {
  if (!env.SMTP_URL) return undefined;
  let publicOrigin = env.PUBLIC_ORIGIN;
  if (!publicOrigin) {
    const host = ["0.0.0.0", "::"].includes(env.HOST) ? "localhost" : env.HOST;
    publicOrigin = `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
    logger.warn({ publicOrigin }, "SMTP_URL is set without PUBLIC_ORIGIN: links in e-mails point at this server's own address");
  }
  return { mailer: createSmtpMailer({ url: env.SMTP_URL, from: resolveMailFrom(env) }), publicOrigin };
}

/**
 * SESSION_SECRET, or one generated once and kept in DATA_DIR. (Processes starting at once: the first
 * write wins, and the others read it; written to a file of its own and linked into place, never half-written.)
 */
export function resolveSessionSecret(env: Pick<Env, "SESSION_SECRET" | "DATA_DIR">): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, "session-secret");
  const read = () => {
    try {
      return fs.readFileSync(file, "utf8").trim() || null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, secret, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const theirs = read();
    if (!theirs) throw error;
    return theirs;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** How this process serves: alone, or as one of the cluster's workers (decision 056). */
export interface RuntimeOptions {
  /**
   * One of WEB_CONCURRENCY's worker processes: without DATABASE_URL, the primary runs the embedded
   * PostgreSQL, which this process joins through its socket.
   */
  worker?: boolean;
  /**
   * A worker prepares the database (migrations, the PGlite move, settings, admin credential, seed)
   * only when it is the first: the primary starts the others once it serves, and they find it done.
   */
  prepares?: boolean;
}

/**
 * Prepares the database (unless a worker that does not prepare: the cluster's first worker did this
 * before the others started, main.ts) and provisions the second factor; the session secret.
 */
async function prepareAtStart(
  options: RuntimeOptions,
  deps: { database: DatabaseHandle; storage: MediaStorage; privateStorage: MediaStorage; env: Env; logger: Logger },
): Promise<string> {
  const { database, env, logger } = deps;
  const prepares = !options.worker || options.prepares === true;
  if (prepares) await prepareDatabase(deps);
  const sessionSecret = resolveSessionSecret(env);
  // ADMIN_TOTP_SECRET: the administrator's second factor, for automation (decision 040).
  if (prepares && env.ADMIN_ID && env.ADMIN_TOTP_SECRET) await provisionTotpSecret(database.db, sessionSecret, env.ADMIN_ID, env.ADMIN_TOTP_SECRET, logger);
  return sessionSecret;
}

/** Empties the read and page caches; with `warm`, the pages that were being read are rendered again. */
function cacheInvalidation(pageCache: PageCache, readCache: ReadCache, pageWarmer: PageWarmer) {
  return (warm: boolean) => {
    readCache.invalidate();
    const hot = pageCache.invalidate();
    if (warm) pageWarmer.schedule(hot);
  };
}

/** The CDN purge of every change, when CDN_PURGE_URL is set. */
function startCdnPurgeOf(env: Env, changes: ReturnType<typeof createChangeFeed>, logger: Logger, metrics: Metrics) {
  return env.CDN_PURGE_URL
    ? startCdnPurge(changes, {
        url: env.CDN_PURGE_URL,
        token: env.CDN_PURGE_TOKEN,
        publicOrigin: env.PUBLIC_ORIGIN,
        logger,
        onResult: (result) => metrics.cdnPurges.inc({ result }),
      })
    : null;
}

/** The scheduled backups, when BACKUP_CRON is set; their outcomes are counted in the metrics. */
function startBackups(
  env: Env,
  deps: { database: DatabaseHandle; storage: MediaStorage; privateStorage: MediaStorage; logger: Logger; metrics: Metrics },
) {
  const { database, storage, privateStorage, logger, metrics } = deps;
  return env.BACKUP_CRON
    ? startBackupScheduler(
        {
          database,
          storage,
          privateStorage,
          logger,
          target: backupTarget(env, privateStorage),
          keep: env.BACKUP_KEEP,
          onOutcome: (outcome) => {
            if (outcome !== "taken") metrics.jobRuns.inc({ job: "backup", result: outcome === "written" ? "ok" : "error" });
          },
        },
        { schedule: parseCron(env.BACKUP_CRON) },
      )
    : null;
}

/**
 * Opens the database, applies migrations, stores default settings, sets the admin credential
 * and seeds demo content into an empty database. Called once per process, before listening.
 */
export async function startRuntime(env: Env = loadServerEnv(), options: RuntimeOptions = {}): Promise<Runtime> {
  // libvips' operation cache (up to 50 MB) only helps a program that processes the same image again;
  // this server processes each upload once (docs/decisions/028-cold-start-and-memory.md).
  sharp.cache(false);
  const logger = createLogger(env.LOG_LEVEL);
  const config = databaseConfig(env, logger);
  if (options.worker && config.kind === "embedded") config.attach = true;
  const database = await openDatabase(config);
  const storages = openStorages(env);
  try {
    const started = Date.now();
    const { db } = database;
    const pageCache = new PageCache();
    const readCache = new ReadCache();
    const metrics = new Metrics({ pageCache, readCache, databasePool: () => database.poolStats(), argon2: argon2Operations });
    const storage = metrics.countStorageErrors("media", storages.storage);
    const privateStorage = metrics.countStorageErrors("private", storages.privateStorage);
    logger.info({ storage: storages.where }, "media storage");
    const sessionSecret = await prepareAtStart(options, { database, storage, privateStorage, env, logger });
    logger.info({ engine: database.engine, ms: Date.now() - started }, "database ready");
    const changes = createChangeFeed(logger);
    // The reads every page repeats, kept between changes (read-cache.server.ts); from here on, after
    // the start's own writes.
    attachReadCache(db, readCache);
    const pageWarmer = new PageWarmer(env.PAGE_CACHE ? env.PAGE_CACHE_WARM : 0, logger);
    const invalidateCaches = cacheInvalidation(pageCache, readCache, pageWarmer);
    // Any content change empties the caches; the next request reads and renders afresh, and the pages
    // visitors were reading are rendered again in the background (page-warmer.server.ts).
    changes.subscribe(() => invalidateCaches(true));
    const relay = database.relayChanges(changes);
    // Serve only once this server hears the others' changes: nothing it caches can then miss one.
    await relay.ready;
    const dbHealth = new DatabaseHealth(database, logger, () => invalidateCaches(false));
    dbHealth.start();
    const cdnPurge = startCdnPurgeOf(env, changes, logger, metrics);
    // Scheduled backups (BACKUP_CRON) run beside the requests; a catch-up backup does not hold the start.
    const backups = startBackups(env, { database, storage, privateStorage, logger, metrics });
    const runtime: Runtime = {
      env,
      logger,
      database,
      db,
      storage,
      privateStorage,
      sessionSecret,
      pageCache,
      readCache,
      pageWarmer,
      dbHealth,
      metrics,
      changesDelivered: () => relay.delivered(),
      changes,
      remoteImages: { allowPrivateHosts: env.REMOTE_IMAGES_ALLOW_PRIVATE_HOSTS },
      mail: mailService(env, logger),
      async close() {
        await pageWarmer.stop();
        await backups?.stop();
        await scheduler.stop();
        cdnPurge?.stop();
        dbHealth.stop();
        await relay.stop();
        await database.close();
        storages.close();
      },
    };
    // Scheduled publishing and the trash purge: whatever fell due while no server ran is done before
    // this one serves its first page. Mail that waited is sent meanwhile, without holding the start.
    const scheduler = startScheduler(runtime, { headFile: headFileFor(env, privateStorage) });
    runtime.scheduler = scheduler;
    await scheduler.ready;
    // Applicants' photos a crash left in the upload spool (never in the storages; decision 036).
    void cleanPhotoSpool().catch((error: unknown) => logger.warn({ err: error }, "could not clean the upload spool"));
    return runtime;
  } catch (error) {
    await database.close().catch(() => undefined);
    storages.close();
    throw error;
  }
}
