import { signInAgainPath, WORKSPACE_PATHS } from "../../domain/paths";
import { passkeySignInOptions, relyingParty } from "../../server/auth/passkeys.server";
import { readPendingCookie } from "../../server/auth/second-factor-pending.server";
import { verifySecondFactor } from "../../server/auth/second-factor.server";
import { safeRedirectPath } from "../../server/auth/sessions.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { readSmallJson } from "../../server/api/json-body.server";

/**
 * /adminLogin/verify/passkey: the sign-in's second step with a passkey (decision 040), for the second
 * step's page script. GET gives the `navigator.credentials.get` options for the account the pending
 * cookie names; POST takes the browser's answer and, when it is one of that account's passkeys signing
 * this attempt's challenge, starts the session like a code would. JSON both ways.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };
const refusal = (status: number, code: string, message: string) => Response.json({ error: { code, message } }, { status, headers: NO_STORE });

export async function loadLoginPasskey(ctx: RequestContext, request: Request) {
  const { runtime } = ctx;
  const pending = await readPendingCookie(runtime.sessionSecret, request, Date.now());
  if (pending.status !== "pending") return refusal(401, "no_pending_sign_in", "로그인 시간이 지났습니다. 처음부터 다시 로그인해 주세요.");
  const options = await passkeySignInOptions(runtime.db, runtime.sessionSecret, relyingParty(request, runtime.env.PUBLIC_ORIGIN), pending.claim);
  if (!options) return refusal(404, "no_passkey", "이 계정에 등록된 패스키가 없습니다. 인증 코드를 입력해 주세요.");
  return Response.json(options, { headers: NO_STORE });
}

export async function handleLoginPasskeyAction(ctx: RequestContext, request: Request) {
  const { runtime, clientIp, logger } = ctx;
  if (request.method !== "POST") return refusal(405, "method_not_allowed", "이 주소는 GET, POST 요청만 받습니다.");
  const read = await readSmallJson(request);
  if ("refused" in read) return read.refused;
  const redirectTo = safeRedirectPath(typeof read.body.redirectTo === "string" ? read.body.redirectTo : null, WORKSPACE_PATHS.dashboard);
  const result = await verifySecondFactor(runtime.db, runtime.sessionSecret, request, {
    code: "",
    ip: clientIp,
    passkey: { response: read.body.response, rp: relyingParty(request, runtime.env.PUBLIC_ORIGIN) },
    services: runtime,
  });
  const headers = new Headers(NO_STORE);
  if (result.ok) {
    logger.info({ ip: clientIp, via: result.via }, "administrator signed in (second factor)");
    for (const cookie of [result.setCookie, result.deviceCookie, result.clearPending, await setFlash(result.notice ? "security-notice" : "signed-in")]) headers.append("Set-Cookie", cookie);
    return Response.json({ location: redirectTo }, { headers });
  }
  if (result.restart) {
    headers.append("Set-Cookie", result.clearPending);
    return Response.json({ location: signInAgainPath(redirectTo, result.restart), error: { code: "restart", message: result.message } }, { status: 401, headers });
  }
  if (result.status === 429) {
    headers.set("Retry-After", String(result.retryAfterSeconds));
    return Response.json({ error: { code: "second_factor_locked", message: result.message } }, { status: 429, headers });
  }
  return Response.json({ error: { code: "passkey_refused", message: "패스키로 인증하지 못했습니다. 다시 시도하거나 인증 코드를 입력해 주세요." } }, { status: 401, headers });
}
