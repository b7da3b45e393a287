import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiTokens } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";

const PREFIX = "we_";
const TOUCH_INTERVAL_MS = 60_000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a token for a non-browser client; the token itself is returned once and never stored. */
export async function createApiToken(db: Database, name: string): Promise<{ id: number; token: string }> {
  const token = PREFIX + randomBytes(32).toString("base64url");
  const [row] = await db.insert(apiTokens).values({ name, tokenHash: hashToken(token) }).returning({ id: apiTokens.id });
  return { id: row!.id, token };
}

export interface ApiTokenInfo {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function listApiTokens(db: Database): Promise<ApiTokenInfo[]> {
  return db
    .select({ id: apiTokens.id, name: apiTokens.name, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt, revokedAt: apiTokens.revokedAt })
    .from(apiTokens)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes a token for good; false when there was no such active token. */
export async function revokeApiToken(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The active token behind an `Authorization: Bearer ...` header, or null. */
export async function verifyApiToken(db: Database, authorization: string | null): Promise<{ id: number; name: string } | null> {
  const match = /^Bearer\s+(we_[A-Za-z0-9_-]{43})$/.exec(authorization?.trim() ?? "");
  if (!match) return null;
  const [row] = await db
    .select({ id: apiTokens.id, name: apiTokens.name, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(match[1]!)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id));
  }
  return { id: row.id, name: row.name };
}
