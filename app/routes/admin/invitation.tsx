import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { withParticle } from "../../domain/korean";
import { PATHS } from "../../domain/site-routes";
import { MIN_STAFF_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH, STAFF_ROLE_INFO } from "../../domain/staff-roles";
import { acceptInvitation, readInvitation } from "../../server/staff/staff.server";
import { getRequestContext } from "../../server/http/context.server";
import { hitRateLimit, rateLimitSubject } from "../../server/http/rate-limit.server";
import { setFlash } from "../../server/http/flash.server";
import { parseUploadForm, RequestBodyError } from "../../server/http/uploads.server";
import { Field } from "../../components/field";
import { FormStatus } from "../../components/form-status";

/**
 * /adminInvite/:token: a person invited by an owner sets a login id and password (a public route: the
 * one-time token is the credential, checked before anything is shown or read). After that they sign in
 * like everyone else, and enrol a second factor where their role asks for one.
 */

// The token is in the path: no other site is told it (same-origin keeps the Origin header forms need).
const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await readInvitation(getRequestContext(context).runtime.db, params.token);
  if (invitation.state === "invalid") return data({ invitation: null }, { status: 404, headers: NO_STORE });
  return data({ invitation: { name: invitation.displayName, email: invitation.email, roleLabel: STAFF_ROLE_INFO[invitation.role].label } }, { headers: NO_STORE });
}

/** A login id and two passwords: a few KB at most. */
const MAX_BODY_BYTES = 8 * 1024;

/**
 * The form's posts per client address: enough for an invitee's typos, few enough that nobody tries
 * links at volume (every app server counts the same hits, rate-limit.server.ts).
 */
const POSTS_PER_ADDRESS = { bucket: "staff-invitation", limit: 10, windowMs: 15 * 60 * 1000 };

async function readForm(request: Request): Promise<FormData | RequestBodyError> {
  try {
    return await parseUploadForm(request, { fileFields: [], maxFiles: 0, maxParts: 8, maxTotalSize: MAX_BODY_BYTES });
  } catch (error) {
    if (error instanceof RequestBodyError) return error;
    throw error;
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { runtime, clientIp } = getRequestContext(context);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form instanceof FormData ? form.get(name) : null;
    return typeof value === "string" ? value : "";
  };
  // Counted before the link is looked up: every post, whatever it carries.
  const limit = await hitRateLimit(runtime.db, POSTS_PER_ADDRESS, rateLimitSubject(runtime.sessionSecret, POSTS_PER_ADDRESS.bucket, clientIp));
  if (!limit.allowed) {
    const formError = `이 네트워크에서 보낸 요청이 너무 많습니다. ${Math.ceil(limit.retryAfterSeconds / 60)}분 뒤에 다시 시도해 주세요. 입력한 아이디는 그대로 두었습니다.`;
    return data({ formError, errors: {} as Record<string, string>, loginId: text("loginId").slice(0, 40) }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } });
  }
  if (!(form instanceof FormData)) {
    return data({ formError: "보낸 내용을 읽을 수 없습니다. 양식으로 다시 보내 주세요.", errors: {} as Record<string, string>, loginId: "" }, { status: form.status === 413 ? 413 : 400, headers: NO_STORE });
  }
  const outcome = await acceptInvitation(runtime.db, params.token, { loginId: text("loginId"), password: text("password"), passwordConfirm: text("passwordConfirm") }, clientIp);
  if (!outcome.ok) return data({ formError: outcome.message, errors: outcome.errors ?? {}, loginId: text("loginId").slice(0, 40) }, { status: outcome.errors ? 400 : 410, headers: NO_STORE });
  return redirect(PATHS.adminLogin, { headers: { "Set-Cookie": await setFlash("invitation-accepted") } });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: "관리자 계정 만들기 | WE ENTERTAINMENT" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const { invitation } = loaderData;
  if (!invitation) {
    return (
      <section className="admin-login" aria-labelledby="invite-title">
        <h1 id="invite-title" className="admin-login__title">
          초대 링크를 쓸 수 없습니다
        </h1>
        <p className="admin-login__info">링크가 만료되었거나(72시간), 이미 사용되었거나, 취소되었습니다. 대표 관리자에게 새 초대를 요청해 주세요.</p>
        <p>
          <Link to={PATHS.adminLogin} className="button">
            로그인 화면으로
          </Link>
        </p>
      </section>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <section className="admin-login" aria-labelledby="invite-title">
      <h1 id="invite-title" className="admin-login__title">
        관리자 계정 만들기
      </h1>
      <p className="admin-login__info">
        {`${invitation.name}님, ${withParticle(invitation.roleLabel, "으로/로")} 초대되었습니다. 로그인에 쓸 아이디와 비밀번호를 정해 주세요.`}
      </p>
      <Form method="post" className="admin-login__form" noValidate>
        <FormStatus error={actionData?.formError} />
        <Field name="loginId" id="invite-login-id" label="아이디" required hint="영문 소문자, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 3~40자" error={errors.loginId}>
          {(control) => <input {...control} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={40} defaultValue={actionData?.loginId ?? ""} />}
        </Field>
        <Field name="password" id="invite-password" label="비밀번호" required hint={`${MIN_PASSWORD_LENGTH}자 이상. 다른 곳에서 쓰지 않는 비밀번호로 정해 주세요.`} error={errors.password}>
          {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={200} />}
        </Field>
        <Field name="passwordConfirm" id="invite-password-confirm" label="비밀번호 확인" required error={errors.passwordConfirm}>
          {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={200} />}
        </Field>
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? "만드는 중..." : "계정 만들기"}
        </button>
      </Form>
    </section>
  );
}
