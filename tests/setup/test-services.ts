import { createChangeFeed, type ChangeEvent } from "../../app/server/platform/changes.server";
import type { Database } from "../../app/server/platform/db.server";
import type { Services } from "../../app/server/platform/services.server";
import type { MediaStorage } from "../../app/server/platform/storage.server";
import { silentLogger } from "./test-database";

/** The services a use case needs, over a test database and storage, with every announced change recorded. */
export function createTestServices(db: Database, storage: MediaStorage): Services & { announced: ChangeEvent[] } {
  const changes = createChangeFeed(silentLogger);
  const announced: ChangeEvent[] = [];
  changes.subscribe((event) => announced.push(event));
  return { db, storage, changes, logger: silentLogger, remoteImages: { allowPrivateHosts: true }, announced };
}
