import fs from "node:fs";
import path from "node:path";
import { STORED_BACKUPS_PREFIX } from "../backup/archive.server";
import { claimJobRun, finishJobRun, jobServerId } from "../platform/job-runs.server";
import { parseCron } from "../platform/cron.server";
import type { Database } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";
import type { MediaStorage } from "../platform/storage.server";
import { ACCESS_RECORD_HEAD_JOB, verifyAccessRecords, type ChainAnchor, type ChainHead } from "./access-records.server";

/**
 * The access records' head written down outside the database (decision 039): someone who can write
 * to the database can delete the newest entries and move the chain's head back, and the chain alone
 * cannot tell. Once a day one app server verifies the chain and writes its head (id and hash) to the
 * log and to a file beside the backups; `npm run access-records:verify`, the workspace's 접속기록 page
 * and the next days' runs check that the chain still holds every head written there.
 */

/** When: 5-field cron in Korea time, just after midnight, so each line closes a day. */
export const ACCESS_RECORD_HEAD_CRON = "5 0 * * *";
/** The file's name, beside the scheduled backups (BACKUP_DIR, or `backups/` of the private storage). */
export const HEAD_FILE_NAME = "access-record-heads.txt";

const headSchedule = parseCron(ACCESS_RECORD_HEAD_CRON);

/** The latest time at or before `now`: the day's head it would write. */
export function accessRecordHeadSlot(now: Date): Date {
  // A daily cron always has an earlier time.
  return headSchedule.latestAtOrBefore(now)!;
}

/** Where the heads are appended, one line each. */
export interface HeadFile {
  /** For the logs and messages: the file's path, or the storage key. */
  description: string;
  append(line: string): Promise<void>;
  /** The file's text; "" when there is none yet. */
  read(): Promise<string>;
}

/** A file in a directory (created readable by its owner only, as the backups' directory is). */
export function directoryHeadFile(dir: string): HeadFile {
  const file = path.join(dir, HEAD_FILE_NAME);
  return {
    description: file,
    append: async (line) => {
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.promises.appendFile(file, line, { mode: 0o600 });
    },
    read: () => fs.promises.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : Promise.reject(error))),
  };
}

/**
 * `backups/access-record-heads.txt` of the private storage. Objects cannot be appended to: the file is
 * read and written again, which is safe because one server a day writes it (`job_runs`).
 */
export function storageHeadFile(storage: MediaStorage): HeadFile {
  const key = `${STORED_BACKUPS_PREFIX}${HEAD_FILE_NAME}`;
  const read = async () => new TextDecoder().decode((await storage.get(key)) ?? new Uint8Array());
  return {
    description: `private storage ${key}`,
    append: async (line) => storage.put(key, new TextEncoder().encode((await read()) + line)),
    read,
  };
}

/** The head file beside the scheduled backups, wherever BACKUP_TARGET keeps them. */
export function headFileFor(env: Pick<Env, "BACKUP_TARGET" | "BACKUP_DIR">, privateStorage: MediaStorage): HeadFile {
  return env.BACKUP_TARGET === "storage" ? storageHeadFile(privateStorage) : directoryHeadFile(env.BACKUP_DIR);
}

const HASH = "[0-9a-f]{64}";

/** One line of the file: `2026-11-30T15:05:00.000Z 1234:<hash> 5678` (when, the head as `--anchor` takes it, how many entries). */
export function headLine(at: Date, head: ChainHead, count: number): string {
  return `${at.toISOString()} ${head.id}:${head.hash} ${count}\n`;
}

/** `1234:<hash>` (as the file's lines and `--anchor` write it); null when it is not one. */
export function parseAnchor(value: string, source: string): ChainAnchor | null {
  const match = new RegExp(`^(\\d{1,15}):(${HASH})$`).exec(value.trim());
  if (!match || Number(match[1]) < 1) return null;
  return { id: Number(match[1]), hash: match[2]!, source };
}

/**
 * The anchors of a head file's text (or a copy of it kept elsewhere): every `id:hash` on a line, named
 * after the file and the line's time. Lines without one (notes, a blank line) are skipped.
 */
export function parseHeadFile(text: string, file: string): ChainAnchor[] {
  return text.split("\n").flatMap((line) => {
    const words = line.trim().split(/\s+/);
    const at = words.length > 1 && !Number.isNaN(Date.parse(words[0]!)) ? ` ${words[0]}` : "";
    return words.flatMap((word) => parseAnchor(word, `${file}${at}`) ?? []);
  });
}

export interface HeadDeps {
  db: Database;
  logger: Logger;
  headFile: HeadFile;
  /** Who this server is in `job_runs` (default: host name and process id). */
  serverId?: string;
}

export type HeadOutcome = { outcome: "written"; head: ChainHead | null; count: number } | { outcome: "broken" } | { outcome: "taken" } | { outcome: "failed"; error: unknown };

/**
 * One day's head, unless another server has written it (or a later one): verifies the chain against
 * every head written so far (the file's and the database's), then logs the head and appends it to the
 * file, and keeps it in `job_runs`. A chain that does not verify gets an error in the log instead and
 * no new head: the next days log it again until someone looks.
 */
export async function runAccessRecordHeadSlot(deps: HeadDeps, slot: Date, now: () => Date): Promise<HeadOutcome> {
  if (!(await claimJobRun(deps.db, ACCESS_RECORD_HEAD_JOB, slot, jobServerId(deps.serverId), now()))) {
    deps.logger.debug({ slot }, "access records head taken by another server");
    return { outcome: "taken" };
  }
  try {
    const result = await verifyAccessRecords(deps.db, parseHeadFile(await deps.headFile.read(), deps.headFile.description));
    if (!result.ok) {
      deps.logger.error(
        { brokenId: result.brokenId, problem: result.problem, anchor: result.anchor, file: deps.headFile.description },
        "access records do not verify: an entry was changed, inserted or deleted",
      );
      await finishJobRun(deps.db, ACCESS_RECORD_HEAD_JOB, slot, now(), { error: new Error(`access records do not verify at #${result.brokenId} (${result.problem})`) });
      return { outcome: "broken" };
    }
    // The log first: it usually leaves the machine, and it does not depend on the file being writable.
    deps.logger.info(
      { headId: result.head?.id ?? 0, headHash: result.head?.hash ?? "", count: result.count, anchors: result.anchors, file: deps.headFile.description },
      "access records head",
    );
    if (result.head) await deps.headFile.append(headLine(now(), result.head, result.count));
    await finishJobRun(deps.db, ACCESS_RECORD_HEAD_JOB, slot, now(), { result: { headId: result.head?.id ?? null, headHash: result.head?.hash ?? null, count: result.count } });
    return { outcome: "written", head: result.head, count: result.count };
  } catch (error) {
    deps.logger.error({ err: error, slot, file: deps.headFile.description }, "writing down the access records head failed");
    await finishJobRun(deps.db, ACCESS_RECORD_HEAD_JOB, slot, now(), { error }).catch(() => undefined);
    return { outcome: "failed", error };
  }
}
