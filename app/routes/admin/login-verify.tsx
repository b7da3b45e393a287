import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login-verify";
import { PATHS, SIGN_IN_VERIFY_PATH } from "../../domain/paths";
import { PasskeySignIn } from "../../components/admin/passkey-buttons";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleLoginVerifyAction, loadLoginVerify } from "./login-verify.server";
import { Field } from "../../widgets/field";
import { FormStatus } from "../../components/form-status";

/**
 * The sign-in's second step (decision 040): the password was right, and the pending cookie names the
 * account. A code from the authenticator app, or one of the recovery codes, starts the session. A
 * plain form: it works without JavaScript.
 */

export function loader({ context, request }: Route.LoaderArgs) {
  return loadLoginVerify(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleLoginVerifyAction(getRequestContext(context), request);
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
