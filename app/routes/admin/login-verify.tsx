import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-verify";
import { PATHS, SIGN_IN_VERIFY_PATH, signInAgainPath, WORKSPACE_PATHS } from "../../domain/site-routes";
import { verifySecondFactor } from "../../server/auth/second-factor.server";
import { readPendingCookie } from "../../server/auth/second-factor-pending.server";
import { listPasskeys } from "../../server/auth/passkeys.server";
import { PasskeySignIn } from "../../components/admin/passkey-buttons";
import { safeRedirectPath } from "../../server/auth/sessions.server";
import { getRequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { RequestBodyError } from "../../server/platform/request-body-error.server";
import { parseUploadForm } from "../../server/route-kit/uploads.server";
import { Field } from "../../widgets/field";
import { FormStatus } from "../../components/form-status";

/**
 * The sign-in's second step (decision 040): the password was right, and the pending cookie names the
 * account. A code from the authenticator app, or one of the recovery codes, starts the session. A
 * plain form: it works without JavaScript.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), WORKSPACE_PATHS.dashboard);
  const pending = await readPendingCookie(runtime.sessionSecret, request, Date.now());
  if (pending.status !== "pending") throw redirect(signInAgainPath(redirectTo, pending.status === "expired" ? "expired" : "missing"), { headers: NO_STORE });
  // A passkey is offered beside the code when the account has one (it needs JavaScript).
  const hasPasskeys = (await listPasskeys(runtime.db, pending.claim.adminId)).length > 0;
  return data({ redirectTo, hasPasskeys }, { headers: NO_STORE });
}

/** A code and the way back: a few hundred bytes (the sign-in form's limit, decision 031). */
const MAX_BODY_BYTES = 8 * 1024;

export async function action({ context, request }: Route.ActionArgs) {
  const { runtime, clientIp, logger } = getRequestContext(context);
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

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: "2단계 인증 | WE ENTERTAINMENT" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLoginVerify({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const error = actionData?.error;
  return (
    <section className="admin-login" aria-labelledby="verify-title">
      <h1 id="verify-title" className="admin-login__title">
        2단계 인증
      </h1>
      <p className="admin-login__info">비밀번호를 확인했습니다. 인증 앱에 표시된 6자리 코드를 입력해 주세요.</p>
      <Form method="post" className="admin-login__form" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormStatus error={error} errorId="code-error" />
        <Field name="code" id="verify-code" label="인증 코드" hint="휴대폰을 쓸 수 없으면 복구 코드(예: abcd-efgh-jk)를 대신 입력할 수 있습니다. 복구 코드는 한 번씩만 쓸 수 있습니다.">
          {(control) => (
            <input
              key={error ?? ""}
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
              maxLength={32}
              aria-describedby={[error ? "code-error" : null, control["aria-describedby"]].filter(Boolean).join(" ") || undefined}
            />
          )}
        </Field>
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? "확인 중..." : "확인"}
        </button>
      </Form>
      {loaderData.hasPasskeys ? <PasskeySignIn endpoint={`${SIGN_IN_VERIFY_PATH}/passkey`} redirectTo={loaderData.redirectTo} /> : null}
      <p className="admin-login__info">
        <Link to={PATHS.adminLogin}>처음부터 다시 로그인하기</Link>
      </p>
    </section>
  );
}
