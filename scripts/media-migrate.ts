/**
 * Copies the local media and private files to the object store: `npm run media:migrate`.
 * Reads DATA_DIR/media and DATA_DIR/private and the S3_* settings like the server. Every object is
 * copied under the same key (media/… and private/… in the bucket), then read back and checked: size
 * and SHA-256. An object already in the bucket with the same size and hash is left alone, so running
 * it again copies only what is new or different. Prints a summary; exits 1 if anything failed.
 *
 * Moving a running site: run it, restart the servers with S3_BUCKET set, run it again to pick up what
 * was uploaded in between. The local folders are never changed.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { loadEnv } from "../app/server/platform/env.server";
import { createS3Storages } from "../app/server/platform/s3-storage.server";
import type { MediaStorage } from "../app/server/platform/storage.server";
import { localStorages, s3Settings } from "../app/server/platform/storages.server";

/** Objects copied at the same time. */
const CONCURRENCY = 4;

interface Tally {
  objects: number;
  bytes: number;
  copied: number;
  unchanged: number;
  failed: number;
}

type Outcome = "copied" | "unchanged";

const nodeStream = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as NodeWebReadableStream<Uint8Array>);

/** Size and SHA-256 of what the storage hands back for `key`, or null when it has no such object. */
async function digestOf(storage: MediaStorage, key: string): Promise<{ size: number; sha256: string } | null> {
  const stream = await storage.stream(key);
  if (!stream) return null;
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of nodeStream(stream) as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  return { size, sha256: hash.digest("hex") };
}

async function migrateObject(from: MediaStorage, to: MediaStorage, key: string, size: number, remoteSize: number | undefined): Promise<Outcome> {
  if (remoteSize === size) {
    const [source, copy] = await Promise.all([digestOf(from, key), digestOf(to, key)]);
    if (!source) throw new Error("원본이 읽는 동안 사라졌습니다");
    if (copy && copy.size === source.size && copy.sha256 === source.sha256) return "unchanged";
  }
  const stream = await from.stream(key);
  if (!stream) throw new Error("원본이 읽는 동안 사라졌습니다");
  // The source is hashed as it is sent: one read of it, and the copy is checked against those bytes.
  const hash = createHash("sha256");
  const hashed = async function* () {
    for await (const chunk of nodeStream(stream) as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      yield chunk;
    }
  };
  const written = await to.putStream(key, hashed());
  const sent = hash.digest("hex");
  const copy = await digestOf(to, key);
  if (!copy) throw new Error("복사한 객체가 버킷에 없습니다");
  if (copy.size !== written || copy.sha256 !== sent) {
    throw new Error(`복사본이 다릅니다 (보낸 ${written} B ${sent.slice(0, 12)}…, 읽은 ${copy.size} B ${copy.sha256.slice(0, 12)}…)`);
  }
  return "copied";
}

async function migrateStorage(name: string, from: MediaStorage, to: MediaStorage): Promise<Tally> {
  const tally: Tally = { objects: 0, bytes: 0, copied: 0, unchanged: 0, failed: 0 };
  const remote = new Map<string, number>();
  for await (const object of to.list()) remote.set(object.key, object.size);
  const objects = from.list()[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await objects.next(); !next.done; next = await objects.next()) {
      const { key, size } = next.value;
      tally.objects++;
      tally.bytes += size;
      try {
        tally[await migrateObject(from, to, key, size, remote.get(key))]++;
      } catch (error) {
        tally.failed++;
        process.stderr.write(`실패: ${name}/${key}: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tally;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const env = loadEnv();
  const settings = s3Settings(env);
  if (!settings) throw new Error("S3_BUCKET이 설정되지 않았습니다. 옮길 버킷의 S3_* 설정을 환경 변수로 지정하세요 (.env.example 참고).");
  const local = localStorages(env.DATA_DIR);
  const bucket = createS3Storages(settings);
  process.stdout.write(`${env.DATA_DIR}의 미디어와 비공개 파일을 버킷 ${settings.S3_BUCKET}(으)로 옮깁니다.\n`);
  let failed = 0;
  for (const [name, from, to] of [
    ["media", local.storage, bucket.storage],
    ["private", local.privateStorage, bucket.privateStorage],
  ] as const) {
    const tally = await migrateStorage(name, from, to);
    failed += tally.failed;
    process.stdout.write(
      `${name}: 객체 ${tally.objects}개 (${megabytes(tally.bytes)}): 복사 ${tally.copied}, 이미 있음 ${tally.unchanged}, 실패 ${tally.failed}\n`,
    );
  }
  process.stdout.write(failed === 0 ? "모든 객체를 버킷에서 다시 읽어 크기와 SHA-256을 확인했습니다.\n" : `${failed}개 객체를 옮기지 못했습니다. 다시 실행하면 남은 것만 옮깁니다.\n`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
