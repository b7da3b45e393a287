import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiTokens } from "../../../drizzle/schema";
import { z } from "../../domain/zod";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import type { Actor, Services } from "../platform/services.server";

const PREFIX = "we_";
const TOUCH_INTERVAL_MS = 60_000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const tokenNameSchema = z.string().trim().min(1, "토큰 이름을 입력해 주세요.").max(60, "토큰 이름은 60자 이내로 입력해 주세요.");

/**
 * Creates a token for a non-browser client, with its audit entry; the token itself is returned once
 * and never stored. Tokens change no public page, so no change is announced.
 */
export async function createApiToken(
  services: Pick<Services, "db">,
  actor: Actor,
  rawName: unknown,
): Promise<{ status: "created"; id: number; name: string; token: string } | { status: "invalid"; message: string }> {
  const name = tokenNameSchema.safeParse(rawName);
  if (!name.success) return { status: "invalid", message: name.error.issues[0]!.message };
  const token = PREFIX + randomBytes(32).toString("base64url");
  return services.db.transaction(async (tx) => {
    const [row] = await tx.insert(apiTokens).values({ name: name.data, tokenHash: hashToken(token) }).returning({ id: apiTokens.id });
    await recordAudit(tx, actor, { action: "create", entity: "api-token", entityId: row!.id });
    return { status: "created" as const, id: row!.id, name: name.data, token };
  });
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

/** Revokes a token for good, with its audit entry; false when there was no such active token. */
export async function revokeApiToken(services: Pick<Services, "db">, actor: Actor, id: number): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, actor, { action: "revoke", entity: "api-token", entityId: id });
    return true;
  });
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
