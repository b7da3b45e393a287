/**
 * A real S3-compatible server (the `s3rver` package) on 127.0.0.1 for the object-storage tests: a free
 * port, a temporary directory for its objects, one bucket made before it answers. Path-style
 * addressing (`http://127.0.0.1:PORT/BUCKET/KEY`), as `S3_FORCE_PATH_STYLE=true` asks for.
 *
 * It runs in a child process with OpenSSL's legacy provider: s3rver makes ListObjectsV2 continuation
 * tokens with DES, which Node's OpenSSL 3 refuses without it (every listing longer than one page would
 * fail with a 500). A process of its own also keeps its work off the test's event loop, and several
 * app servers (or a script) can share it like a real bucket.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { S3Client } from "@aws-sdk/client-s3";
import { loadEnv } from "../../app/server/platform/env.server";
import { createS3Client, type S3Settings } from "../../app/server/platform/s3-storage.server";
import { s3Settings } from "../../app/server/platform/storages.server";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The app's S3_* variables for this server and bucket. */
  env: Record<string, string>;
  /** Those variables as the app reads them (`loadEnv`, `s3Settings`). */
  settings(): S3Settings;
  /** A client for this server, made as the app makes its own (`createS3Client`); the caller destroys it. */
  client(): S3Client;
  stop(): Promise<void>;
}

const SERVER_SCRIPT = fileURLToPath(new URL("./s3-server-process.ts", import.meta.url));

/** s3rver knows one account: these are its access key id and secret. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** Bucket names have 3-63 lowercase letters, digits and hyphens. */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "we-test-bucket";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "we-s3-"));
  const child = fork(SERVER_SCRIPT, [directory, bucket], {
    execArgv: ["--openssl-legacy-provider"],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the S3 server did not start within 30 s: ${stderr}`)), 30_000);
      child.once("message", (message: { port: number }) => {
        clearTimeout(timer);
        resolve(message.port);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the S3 server exited with ${code}: ${stderr}`));
      });
    });
    const endpoint = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    };
    const settings = () => s3Settings(loadEnv(env))!;
    return {
      endpoint,
      bucket,
      env,
      settings,
      client: () => createS3Client(settings()),
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.disconnect();
          await exited;
        }
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill();
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
