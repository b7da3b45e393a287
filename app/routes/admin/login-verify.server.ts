import { data, redirect } from "react-router";
import { signInAgainPath, WORKSPACE_PATHS } from "../../domain/paths";
import { verifySecondFactor } from "../../server/auth/second-factor.server";
import { readPendingCookie } from "../../server/auth/second-factor-pending.server";
import { listPasskeys } from "../../server/auth/passkeys.server";
import { safeRedirectPath } from "../../server/auth/sessions.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { RequestBodyError } from "../../server/platform/form-body.server";
import { parseUploadForm } from "../../server/route-kit/uploads.server";

/** The sign-in's second step (login-verify.tsx, decision 040): the pending cookie names the account; a code starts the session. */

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loadLoginVerify(ctx: RequestContext, request: Request) {
  const { runtime } = ctx;
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), WORKSPACE_PATHS.dashboard);
  const pending = await readPendingCookie(runtime.sessionSecret, request, Date.now());
  if (pending.status !== "pending") throw redirect(signInAgainPath(redirectTo, pending.status === "expired" ? "expired" : "missing"), { headers: NO_STORE });
  // A passkey is offered beside the code when the account has one (it needs JavaScript).
  const hasPasskeys = (await listPasskeys(runtime.db, pending.claim.staffId)).length > 0;
  return data({ redirectTo, hasPasskeys }, { headers: NO_STORE });
}

/** A code and the way back: a few hundred bytes (the sign-in form's limit, decision 031). */
const MAX_BODY_BYTES = 8 * 1024;

export async function handleLoginVerifyAction(ctx: RequestContext, request: Request) {
  const { runtime, clientIp, logger } = ctx;
  let form: FormData;
  try {
    form = await parseUploadForm(request, { fileFields: [], maxFiles: 0, maxParts: 8, maxTotalSize: MAX_BODY_BYTES });
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return data({ error: "인증 요청을 읽을 수 없습니다. 다시 시도해 주세요." }, { status: error.status, headers: NO_STORE });
  }
  const redirectTo = safeRedirectPath(form.get("redirectTo"), WORKSPACE_PATHS.dashboard);
  const code = String(form.get("code") ?? "").slice(0, 64);
  const result = await verifySecondFactor(runtime.db, runtime.sessionSecret, request, { code, ip: clientIp, services: runtime });
  if (result.ok) {
    logger.info({ ip: clientIp, via: result.via }, "administrator signed in (second factor)");
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", result.setCookie);
    headers.append("Set-Cookie", result.deviceCookie);
    headers.append("Set-Cookie", result.clearPending);
    headers.append("Set-Cookie", await setFlash(result.notice ? "security-notice" : "signed-in"));
    return redirect(redirectTo, { headers });
  }
  if (result.restart) {
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", result.clearPending);
    return redirect(signInAgainPath(redirectTo, result.restart), { headers });
  }
  if (result.status === 429) logger.warn({ ip: clientIp }, "second step refused: the account is locked after too many wrong codes");
  const headers = result.status === 429 ? { ...NO_STORE, "Retry-After": String(result.retryAfterSeconds) } : NO_STORE;
  return data({ error: result.message }, { status: result.status, headers });
}
