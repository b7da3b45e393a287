import { data, redirect } from "react-router";
import { fieldErrors, loginSchema } from "../../domain/schemas";
import { secondStepPath, WORKSPACE_PATHS } from "../../domain/paths";
import { lockedMessage, restartMessage } from "../../server/auth/second-factor.server";
import { SETUP_LINK_NEEDED_MESSAGE } from "../../server/auth/second-factor-setup.server";
import { safeRedirectPath, signIn } from "../../server/auth/sessions.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { RequestBodyError } from "../../server/platform/form-body.server";
import { parseUploadForm } from "../../server/route-kit/uploads.server";

/** /adminLogin: the sign-in form (decision 031); the page says why when the second step or the gate sent the browser back. */
export async function loadLogin(ctx: RequestContext, request: Request) {
  const session = await ctx.staffSession();
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirectPath(params.get("redirectTo"), WORKSPACE_PATHS.dashboard);
  // Sent back from the second step (decision 040), or by the gate from a session that needs a setup link: why.
  const again = params.get("again");
  return { alreadySignedIn: session !== null, redirectTo, notice: again === "setup-link" ? SETUP_LINK_NEEDED_MESSAGE : restartMessage(again) };
}

/** The sign-in form is an id, a password and where to go back to: a few KB at most (decision 031). */
const MAX_SIGN_IN_BODY_BYTES = 8 * 1024;

/** The form, read with its small limit; anything else (JSON, text, oversize, broken) is refused with a message. */
async function readSignInForm(request: Request): Promise<{ form: FormData } | { refused: string; status: number }> {
  try {
    return { form: await parseUploadForm(request, { fileFields: [], maxFiles: 0, maxParts: 8, maxTotalSize: MAX_SIGN_IN_BODY_BYTES }) };
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    if (error.status === 415) return { refused: "로그인 양식으로 보내 주세요. (아이디와 비밀번호)", status: 415 };
    if (error.status === 413) return { refused: "보낸 내용이 너무 깁니다. 아이디와 비밀번호를 확인해 주세요.", status: 413 };
    return { refused: "로그인 요청을 읽을 수 없습니다. 다시 시도해 주세요.", status: 400 };
  }
}

export async function handleLoginAction(ctx: RequestContext, request: Request) {
  const { runtime, clientIp, logger } = ctx;
  const read = await readSignInForm(request);
  if ("refused" in read) return data({ error: read.refused, id: "" }, { status: read.status });
  const { form } = read;
  const redirectTo = safeRedirectPath(form.get("redirectTo"), WORKSPACE_PATHS.dashboard);
  const parsed = loginSchema.safeParse({ id: form.get("id") ?? "", password: form.get("password") ?? "" });
  const typedId = String(form.get("id") ?? "").slice(0, 64);
  if (!parsed.success) {
    return data({ error: Object.values(fieldErrors(parsed.error))[0] ?? "입력을 확인해 주세요.", id: typedId }, { status: 400 });
  }
  const result = await signIn(runtime.db, runtime.sessionSecret, request, {
    loginId: parsed.data.id,
    password: parsed.data.password,
    ip: clientIp,
  });
  if (!result.ok && result.reason === "throttled") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    logger.warn({ ip: clientIp }, "sign-in throttled");
    return data(
      { error: `로그인 시도가 너무 많습니다. ${minutes}분 후에 다시 시도해 주세요.`, id: typedId },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok && result.reason === "second-factor-locked") {
    // Only someone with the right password hears this: the account's second step is refused for now (decision 051).
    logger.warn({ ip: clientIp }, "sign-in refused: the account's second step is locked");
    const retryAfter = Math.max(1, Math.ceil((result.lockedUntil.getTime() - Date.now()) / 1000));
    return data({ error: lockedMessage(result.lockedUntil), id: typedId }, { status: 429, headers: { "Retry-After": String(retryAfter) } });
  }
  if (!result.ok && result.reason === "second-factor") {
    // No session yet: the second step (a code from the authenticator app) comes first (decision 040).
    return redirect(secondStepPath(redirectTo), { headers: { "Set-Cookie": result.pendingCookie, "Cache-Control": "private, no-store" } });
  }
  if (!result.ok && result.reason === "setup-link-needed") {
    // No session: the account enrolls its second factor through an owner's link, never from here.
    return data({ error: SETUP_LINK_NEEDED_MESSAGE, id: typedId }, { status: 403 });
  }
  if (!result.ok) {
    return data({ error: "아이디 또는 비밀번호가 일치하지 않습니다.", id: typedId }, { status: 401 });
  }
  logger.info({ ip: clientIp }, "administrator signed in");
  const headers = new Headers();
  headers.append("Set-Cookie", result.setCookie);
  // This browser is the owner's from now on: strangers' failures against the account do not lock it out.
  headers.append("Set-Cookie", result.deviceCookie);
  headers.append("Set-Cookie", await setFlash("signed-in"));
  return redirect(redirectTo, { headers });
}
