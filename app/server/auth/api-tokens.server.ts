import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { staffUsers, apiTokens } from "../../../drizzle/schema";
import { API_SCOPE_CHOICES, API_TOKEN_LIFETIMES, isApiScope, type ApiScope } from "../../domain/api-scopes";
import { isStaffRole, roleMay, type StaffRole } from "../../domain/staff-roles";
import { z } from "../../domain/zod";
import { recordAudit } from "../platform/audit.server";
import type { Database, Tx } from "../platform/db.server";
import type { Actor, Services } from "../platform/services.server";

const PREFIX = "we_";
const TOUCH_INTERVAL_MS = 60_000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const tokenNameSchema = z.string().trim().min(1, "토큰 이름을 입력해 주세요.").max(60, "토큰 이름은 60자 이내로 입력해 주세요.");

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form's choices: a name, the scopes (at least one) and the lifetime in days (0: until revoked). */
export const apiTokenInputSchema = z.object({
  name: tokenNameSchema,
  scopes: z
    .string()
    .transform((value) => API_SCOPE_CHOICES.find((choice) => choice.value === value)?.scopes ?? [])
    .refine((scopes) => scopes.length > 0, "토큰이 할 수 있는 작업을 선택해 주세요.")
    .transform((scopes) => [...scopes]),
  lifetimeDays: z
    .string()
    .transform(Number)
    .refine((days) => (API_TOKEN_LIFETIMES as readonly number[]).includes(days), "유효 기간을 선택해 주세요."),
});

/**
 * Creates a token for a non-browser client, owned by the signed-in account (`actor.staffId`), with its
 * audit entry; the token itself is returned once and never stored. Tokens change no public page, so
 * no change is announced.
 */
export async function createApiToken(
  services: Pick<Services, "db">,
  actor: Actor,
  input: { name: unknown; scopes?: unknown; lifetimeDays?: unknown },
  now = new Date(),
): Promise<{ status: "created"; id: number; name: string; token: string; scopes: ApiScope[]; expiresAt: Date | null } | { status: "invalid"; message: string }> {
  // A field the form did not send takes the form's default choice.
  const parsed = apiTokenInputSchema.safeParse({ name: input.name, scopes: input.scopes ?? API_SCOPE_CHOICES[0]!.value, lifetimeDays: input.lifetimeDays ?? String(API_TOKEN_LIFETIMES[0]) });
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]!.message };
  if (actor.staffId === null) return { status: "invalid", message: "토큰은 로그인한 직원의 계정으로만 만들 수 있습니다." };
  const { name, scopes, lifetimeDays } = parsed.data;
  const expiresAt = lifetimeDays > 0 ? new Date(now.getTime() + lifetimeDays * DAY_MS) : null;
  const token = PREFIX + randomBytes(32).toString("base64url");
  return services.db.transaction(async (tx) => {
    const [row] = await tx.insert(apiTokens).values({ name, tokenHash: hashToken(token), staffId: actor.staffId, scopes, expiresAt, createdAt: now }).returning({ id: apiTokens.id });
    await recordAudit(tx, actor, { action: "create", entity: "api-token", entityId: row!.id, details: { scopes, expiresAt: expiresAt?.toISOString() ?? null } });
    return { status: "created" as const, id: row!.id, name, token, scopes, expiresAt };
  });
}

export interface ApiTokenInfo {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
  scopes: ApiScope[];
  /** The account it belongs to (login id), or null when the account is gone. */
  owner: string | null;
  ownerActive: boolean;
}

export async function listApiTokens(db: Database): Promise<ApiTokenInfo[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      expiresAt: apiTokens.expiresAt,
      scopes: apiTokens.scopes,
      owner: staffUsers.loginId,
      ownerDeactivatedAt: staffUsers.deactivatedAt,
    })
    .from(apiTokens)
    .leftJoin(staffUsers, eq(staffUsers.id, apiTokens.staffId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(({ ownerDeactivatedAt, ...row }) => ({ ...row, scopes: row.scopes.filter(isApiScope), owner: row.owner ?? null, ownerActive: row.owner !== null && ownerDeactivatedAt === null }));
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

/**
 * Revokes for good every live token of an account, in the caller's transaction, each with its audit
 * entry: when the account is deactivated or its role no longer writes content. A token must not come
 * back to life when the account is reactivated or promoted again; its owner makes new ones.
 */
export async function revokeTokensOf(tx: Tx, actor: Actor, staffId: number, reason: "deactivated" | "role-changed", now: Date): Promise<number[]> {
  const rows = await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.staffId, staffId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  for (const row of rows) await recordAudit(tx, actor, { action: "revoke", entity: "api-token", entityId: row.id, details: { reason } });
  return rows.map((row) => row.id);
}

/** A token the gate accepted: what it may do, and the account it acts for. */
export interface VerifiedToken {
  id: number;
  name: string;
  scopes: ApiScope[];
  staffId: number;
  loginId: string;
  role: StaffRole;
}

/**
 * The usable token behind an `Authorization: Bearer ...` header, or null: not revoked, not expired, and
 * its account active with a role that writes content (a deactivated account's tokens stop at once).
 */
export async function verifyApiToken(db: Database, authorization: string | null, now = Date.now()): Promise<VerifiedToken | null> {
  const match = /^Bearer\s+(we_[A-Za-z0-9_-]{43})$/.exec(authorization?.trim() ?? "");
  if (!match) return null;
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      scopes: apiTokens.scopes,
      staffId: staffUsers.id,
      loginId: staffUsers.loginId,
      role: staffUsers.role,
      deactivatedAt: staffUsers.deactivatedAt,
    })
    .from(apiTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, apiTokens.staffId))
    .where(and(eq(apiTokens.tokenHash, hashToken(match[1]!)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row || row.deactivatedAt !== null || !isStaffRole(row.role) || !roleMay(row.role, "content", "change")) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now) return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date(now) }).where(eq(apiTokens.id, row.id));
  }
  return { id: row.id, name: row.name, scopes: row.scopes.filter(isApiScope), staffId: row.staffId, loginId: row.loginId, role: row.role };
}
