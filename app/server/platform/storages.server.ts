import path from "node:path";
import type { Env } from "./env.server";
import { createS3Client, createS3Storages, type S3Settings } from "./s3-storage.server";
import { createLocalStorage, type MediaStorage } from "./storage.server";

export interface Storages {
  /** The public media, served under /media (or from MEDIA_PUBLIC_URL). */
  storage: MediaStorage;
  /** Audition applicants' files, served only through the admin's routes. */
  privateStorage: MediaStorage;
}

/** Both storages under DATA_DIR; the private folder is outside the media folder, so /media never reaches it. */
export function localStorages(dataDir: string): Storages {
  return {
    storage: createLocalStorage(path.join(dataDir, "media")),
    privateStorage: createLocalStorage(path.join(dataDir, "private")),
  };
}

/** The object store's settings, or null when S3_BUCKET is unset. */
export function s3Settings(env: Env): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE } = env;
  return { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE };
}

/**
 * The process's storages: the bucket when S3_BUCKET is set, else the local disk. `where` says which (for
 * the start-up log); `close` lets go of the object store's connections.
 */
export function openStorages(env: Env): Storages & { where: string; close(): void } {
  const settings = s3Settings(env);
  if (!settings) return { ...localStorages(env.DATA_DIR), where: `local disk (${env.DATA_DIR})`, close() {} };
  const client = createS3Client(settings);
  return {
    ...createS3Storages(settings, client),
    where: `bucket ${settings.S3_BUCKET}${settings.S3_ENDPOINT ? ` at ${settings.S3_ENDPOINT}` : ""}`,
    close: () => client.destroy(),
  };
}
