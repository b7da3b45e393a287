import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Where the embedded PostgreSQL's cluster, socket, password and log live under DATA_DIR, and how a
 * process connects to it (docs/decisions/055-embedded-postgresql.md): through its Unix socket with the
 * password file, as user `postgres` to database `postgres`.
 */

export const EMBEDDED_USER = "postgres";
const DATABASE = "postgres";
/** Only names the socket file (`.s.PGSQL.5432`): the server listens on no TCP port. */
export const EMBEDDED_PORT = 5432;
/** sun_path holds 108 bytes, the terminating NUL included. */
const MAX_SOCKET_PATH = 107;

export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
}

/** Where the cluster, its socket, password and log live under a data directory. */
export interface EmbeddedPostgresPaths {
  dataDir: string;
  clusterDir: string;
  socketDir: string;
  passwordFile: string;
  logFile: string;
}

export function embeddedPostgresPaths(dataDir: string): EmbeddedPostgresPaths {
  const dir = path.resolve(dataDir);
  const clusterDir = path.join(dir, "postgres");
  let socketDir = path.join(dir, "postgres-run");
  // A deep DATA_DIR would make the socket's path too long: a directory of its own under the system's
  // temporary directory then, named after the cluster so that every process finds the same one.
  if (Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`)) > MAX_SOCKET_PATH) {
    socketDir = path.join(os.tmpdir(), `we-postgres-${createHash("sha256").update(clusterDir).digest("hex").slice(0, 16)}`);
  }
  return { dataDir: dir, clusterDir, socketDir, passwordFile: path.join(dir, "postgres-password"), logFile: path.join(dir, "postgres.log") };
}

/** Whether a cluster was ever made under this data directory. */
export function embeddedClusterExists(dataDir: string): boolean {
  return fs.existsSync(path.join(embeddedPostgresPaths(dataDir).clusterDir, "PG_VERSION"));
}

/** The connection URL of the cluster under `dataDir` (Unix socket, password from the password file). */
export function embeddedConnectionUrl(dataDir: string): string {
  const paths = embeddedPostgresPaths(dataDir);
  const password = fs.readFileSync(paths.passwordFile, "utf8").trim();
  return connectionUrl(paths.socketDir, password);
}

export function connectionUrl(socketDir: string, password: string): string {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@/${DATABASE}?host=${encodeURIComponent(socketDir)}&port=${EMBEDDED_PORT}`;
}
