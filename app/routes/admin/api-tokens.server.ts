import { data } from "react-router";
import { formatKoreanDate } from "../../lib/preview";
import { API_SCOPE_INFO } from "../../domain/api-scopes";
import { createApiToken, listApiTokens, revokeApiToken } from "../../server/auth/api-tokens.server";
import { staffActor, readStaffForm } from "../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** /adminApiTokens: the API's tokens, each shown once when made, revoked when no longer needed. */
export async function loadApiTokens(ctx: RequestContext) {
  const { runtime } = ctx;
  staffSessionOf(ctx);
  const tokens = await listApiTokens(runtime.db);
  const now = Date.now();
  return {
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      createdAt: formatKoreanDate(t.createdAt),
      lastUsedAt: t.lastUsedAt ? formatKoreanDate(t.lastUsedAt) : null,
      revoked: t.revokedAt !== null,
      expired: t.expiresAt !== null && t.expiresAt.getTime() <= now,
      expiresAt: t.expiresAt ? formatKoreanDate(t.expiresAt) : null,
      scopes: t.scopes.map((scope) => API_SCOPE_INFO[scope].label).join(", "),
      owner: t.owner,
      ownerActive: t.ownerActive,
    })),
  };
}

export async function handleApiTokensAction(ctx: RequestContext, request: Request) {
  const session = staffSessionOf(ctx);
  const read = await readStaffForm(request, []);
  if ("refused" in read) return data({ error: read.refused.data.formError, created: null }, { status: read.refused.init?.status ?? 400 });
  const { form } = read;
  const actor = staffActor(session, ctx);
  if (form.get("intent") === "revoke") {
    const id = Number(form.get("id"));
    if (!Number.isInteger(id) || !(await revokeApiToken(ctx.runtime, actor, id))) {
      return data({ error: "이미 폐기되었거나 없는 토큰입니다.", created: null }, { status: 404 });
    }
    return { error: null, created: null };
  }
  const created = await createApiToken(ctx.runtime, actor, { name: form.get("name") ?? "", scopes: form.get("scopes") ?? undefined, lifetimeDays: form.get("lifetimeDays") ?? undefined });
  if (created.status === "invalid") return data({ error: created.message, created: null }, { status: 400 });
  return { error: null, created: { name: created.name, token: created.token } };
}
