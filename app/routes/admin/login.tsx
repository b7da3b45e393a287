import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleLoginAction, loadLogin } from "./login.server";
import { Field } from "../../widgets/field";
import { FormStatus } from "../../components/form-status";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadLogin(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleLoginAction(getRequestContext(context), request);
}

/** The action's Retry-After (throttling) reaches the client on document requests too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta() {
  return [{ title: "관리자 로그인 | WE ENTERTAINMENT" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a failed attempt the password field starts empty again (the id stays).
  useEffect(() => {
    if (actionData?.error && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);
  if (loaderData.alreadySignedIn) {
    return (
      <section className="admin-login" aria-labelledby="login-title">
        <h1 id="login-title" className="admin-login__title">
          관리자 로그인
        </h1>
        <p className="admin-login__info" role="status">
          이미 관리자로 로그인되어 있습니다.
        </p>
        <p>
          <Link to="/" className="button">
            홈으로 가기
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="admin-login" aria-labelledby="login-title">
      <h1 id="login-title" className="admin-login__title">
        관리자 로그인
      </h1>
      <Form method="post" className="admin-login__form" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormStatus error={actionData?.error || loaderData.notice} errorId="login-error" />
        <Field name="id" id="login-id" label="아이디">
          {(control) => (
            <input
              key={actionData?.id ?? ""}
              {...control}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={64}
              defaultValue={actionData?.id ?? ""}
              // The first thing on the page to fill (decision 064); after an error the summary takes the focus.
              autoFocus={!(actionData?.error || loaderData.notice)}
              // A refused sign-in names no field (which one was wrong is not told): the message is the form's.
              aria-describedby={actionData?.error ? "login-error" : undefined}
            />
          )}
        </Field>
        <Field name="password" id="login-password" label="비밀번호">
          {(control) => <input ref={passwordRef} {...control} type="password" autoComplete="current-password" required maxLength={256} />}
        </Field>
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? "확인 중..." : "로그인"}
        </button>
      </Form>
    </section>
  );
}
