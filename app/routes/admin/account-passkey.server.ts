import { passkeyRegistrationOptions, registerPasskey, relyingParty } from "../../server/auth/passkeys.server";
import { secondFactorStatus } from "../../server/auth/second-factor.server";
import { staffSessionOf } from "../../server/route-kit/access-gate.server";
import { staffActor } from "../../server/route-kit/workspace-forms.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { readSmallJson } from "../../server/api/json-body.server";

/**
 * /admin/account/security/passkey (POST, JSON): registering a passkey on the account's security page
 * (decision 040). `{ step: "options" }` gives the `navigator.credentials.create` options (their
 * challenge in a signed cookie for 5 minutes); `{ step: "register", response, name }` checks the
 * browser's answer and stores the passkey. Only beside the authenticator app: without it, refused.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };
const refusal = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status, headers: NO_STORE });

export async function handleAccountPasskeyAction(ctx: RequestContext, request: Request) {
  const session = staffSessionOf(ctx);
  const { db, sessionSecret, env } = ctx.runtime;
  if (request.method !== "POST") return refusal(405, "method_not_allowed", "이 주소는 POST 요청만 받습니다.");
  const read = await readSmallJson(request);
  if ("refused" in read) return read.refused;
  if (!(await secondFactorStatus(db, session)).enabled) return refusal(409, "no_second_factor", "먼저 인증 앱으로 2단계 인증을 켜 주세요. 패스키는 그 옆에 더하는 수단입니다.");
  const rp = relyingParty(request, env.PUBLIC_ORIGIN);
  if (read.body.step === "options") {
    const made = await passkeyRegistrationOptions(db, sessionSecret, request, rp, { staffId: session.staffId, loginId: session.loginId, displayName: session.displayName });
    if ("refused" in made) return refusal(409, "too_many_passkeys", made.refused);
    return Response.json(made.options, { headers: { ...NO_STORE, "Set-Cookie": made.setCookie } });
  }
  if (read.body.step === "register") {
    const actor = { ...staffActor(session, ctx), staffId: session.staffId };
    const outcome = await registerPasskey(db, sessionSecret, request, rp, actor, { response: read.body.response, name: read.body.name });
    if (!outcome.ok) return refusal(400, "passkey_refused", outcome.message);
    return Response.json({ ok: true }, { headers: { ...NO_STORE, "Set-Cookie": outcome.clearCookie } });
  }
  return refusal(400, "unknown_step", "알 수 없는 요청입니다.");
}

/** A GET: the address takes only the page script's POST. */
export function refuseAccountPasskeyRead() {
  return refusal(405, "method_not_allowed", "이 주소는 POST 요청만 받습니다.");
}
