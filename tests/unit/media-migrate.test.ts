import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorages } from "../../app/server/platform/storages.server";
import { startS3Server, type TestS3Server } from "../setup/s3-server";

const run = promisify(execFile);

/** `npm run media:migrate` as an operator runs it: its exit code and what it printed. */
async function migrate(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/media-migrate.ts"], {
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run media:migrate", () => {
  let s3: TestS3Server;
  let client: S3Client;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-migrate-"));
  const media: Record<string, Buffer> = {
    "2026/11/0123456789abcdef0123456789abcdef.jpg": randomBytes(150_000),
    "2026/11/0123456789abcdef0123456789abcdef-480.webp": randomBytes(20_000),
    "share/artist/1-ko-0123456789abcdef.jpg": randomBytes(30_000),
    "files/fedcba9876543210fedcba9876543210.pdf": randomBytes(5_000),
  };
  const privateFiles: Record<string, Buffer> = {
    "auditions/2026/aaaabbbbccccddddeeeeffff000011112222333344445555.jpg": randomBytes(40_000),
    "auditions/2026/aaaabbbbccccddddeeeeffff000011112222333344446666.video": randomBytes(300_000),
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    client = s3.client();
    const local = localStorages(dataDir);
    for (const [key, bytes] of Object.entries(media)) await local.storage.put(key, bytes);
    for (const [key, bytes] of Object.entries(privateFiles)) await local.privateStorage.put(key, bytes);
    // A write in progress is not an object.
    fs.writeFileSync(path.join(dataDir, "media", "2026", "11", "partial.jpg.123-1.tmp"), "partial");
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const inBucket = async () => {
    const keys = ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!);
    return Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key, Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray())] as const)),
    );
  };
  const expected = () => ({
    ...Object.fromEntries(Object.entries(media).map(([key, bytes]) => [`media/${key}`, bytes])),
    ...Object.fromEntries(Object.entries(privateFiles).map(([key, bytes]) => [`private/${key}`, bytes])),
  });

  it("copies every object of both storages under media/ and private/, checks each, and a second run copies nothing", async () => {
    const first = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/media: 객체 4개 \(0\.2 MB\): 복사 4, 이미 있음 0, 실패 0/);
    expect(first.stdout).toMatch(/private: 객체 2개 \(0\.3 MB\): 복사 2, 이미 있음 0, 실패 0/);
    expect(first.stdout).toContain("크기와 SHA-256을 확인했습니다");
    expect(await inBucket()).toEqual(expected());

    const second = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("media: 객체 4개 (0.2 MB): 복사 0, 이미 있음 4, 실패 0");
    expect(second.stdout).toContain("private: 객체 2개 (0.3 MB): 복사 0, 이미 있음 2, 실패 0");
  }, 60_000);

  it("copies again an object whose copy in the bucket differs (same size, other bytes)", async () => {
    const key = "2026/11/0123456789abcdef0123456789abcdef-480.webp";
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `media/${key}`, Body: randomBytes(media[key]!.byteLength) }));
    const again = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("media: 객체 4개 (0.2 MB): 복사 1, 이미 있음 3, 실패 0");
    expect(await inBucket()).toEqual(expected());
  }, 60_000);

  it("fails with a message and a non-zero exit when there is no bucket to copy to", async () => {
    const missing = await migrate({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: "no-such-bucket" });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/bucket/i);
    const unset = await migrate({ DATA_DIR: dataDir, S3_BUCKET: "", S3_ENDPOINT: "", S3_REGION: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "" });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain("S3_BUCKET이 설정되지 않았습니다");
  }, 60_000);
});
