import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invitation";
import { withParticle } from "../../domain/korean";
import { PATHS } from "../../domain/paths";
import { MIN_STAFF_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH } from "../../domain/staff-roles";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleInvitationAction, loadInvitation } from "./invitation.server";
import { RecoveryCodes, TotpEnrollment } from "../../components/admin/totp-enrollment";
import { Field } from "../../widgets/field";
import { FormStatus } from "../../components/form-status";

/**
 * /adminInvite/:token: one link, one sitting (decision 041; 040 amended 2026-11-29). A person invited by
 * an owner sets a login id and password and enrolls the authenticator app whose QR code the page shows
 * (drawn on the server), confirms a code, sees the recovery codes once, and is signed in: an account
 * whose role reaches applicants' data never opens with a password alone. An owner's setup link for an
 * existing account (no second factor yet, or a lost phone) sets a new password and second factor the
 * same way. A public route: the one-time token is the credential, looked up before anything is shown or
 * read; a plain form post, so it all works without JavaScript.
 */

export function loader({ context, params }: Route.LoaderArgs) {
  return loadInvitation(getRequestContext(context), params.token);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return handleInvitationAction(getRequestContext(context), request, params.token);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.invitation?.loginId ? "2단계 인증 설정" : "직원 계정 만들기";
  return [{ title: `${title} | WE ENTERTAINMENT` }, { name: "robots", content: "noindex, nofollow" }];
}

function Gone() {
  return (
    <section className="admin-login" aria-labelledby="invite-title">
      <h1 id="invite-title" className="admin-login__title">
        초대 링크를 쓸 수 없습니다
      </h1>
      <p className="admin-login__info">링크가 만료되었거나(72시간), 이미 사용되었거나, 취소되었습니다. 대표 관리자에게 새 링크를 요청해 주세요.</p>
      <p>
        <Link to={PATHS.adminLogin} className="button">
          로그인 화면으로
        </Link>
      </p>
    </section>
  );
}

function Accepted({ loginId, recoveryCodes, created }: { loginId: string; recoveryCodes: string[]; created: boolean }) {
  return (
    <section className="admin-login admin-login--wide" aria-labelledby="invite-title">
      <h1 id="invite-title" className="admin-login__title">
        {created ? "계정을 만들었습니다" : "2단계 인증을 설정했습니다"}
      </h1>
      <p className="form-notice" role="status">
        {`${loginId} 계정으로 로그인했습니다. 다음 로그인부터는 비밀번호와 함께 인증 앱의 6자리 코드를 입력합니다.`}
      </p>
      <RecoveryCodes codes={recoveryCodes} loginId={loginId} continueLabel="보관했습니다. 관리 화면으로 가기" />
    </section>
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  // After the form is accepted the link is used: the answer itself holds what is left to show.
  if (actionData && "accepted" in actionData) return <Accepted {...actionData.accepted} />;
  const { invitation } = loaderData;
  if (!invitation) return <Gone />;
  const refusal = actionData && "formError" in actionData ? actionData : null;
  const errors = refusal?.errors ?? {};
  const setup = invitation.loginId !== null;
  const submitLabel = setup ? "설정 완료" : "계정 만들기";
  return (
    <section className="admin-login admin-login--wide" aria-labelledby="invite-title">
      <h1 id="invite-title" className="admin-login__title">
        {setup ? "2단계 인증 설정" : "직원 계정 만들기"}
      </h1>
      <p className="admin-login__info">
        {setup
          ? `${invitation.name}님(${invitation.loginId}), 새 비밀번호를 정하고 휴대폰 인증 앱을 등록하면 바로 로그인됩니다.`
          : `${invitation.name}님, ${withParticle(invitation.roleLabel, "으로/로")} 초대되었습니다. 아이디와 비밀번호를 정하고 휴대폰 인증 앱을 등록하면 바로 로그인됩니다.`}
      </p>
      <Form method="post" className="admin-login__form invitation-form" noValidate>
        <FormStatus error={refusal?.formError} />
        <fieldset className="invitation-form__part">
          <legend>{setup ? "1. 새 비밀번호" : "1. 아이디와 비밀번호"}</legend>
          {setup ? null : (
            <Field name="loginId" id="invite-login-id" label="아이디" required hint="영문 소문자, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 3~40자" error={errors.loginId}>
              {(control) => <input {...control} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={40} defaultValue={refusal?.loginId ?? ""} />}
            </Field>
          )}
          <Field name="password" id="invite-password" label="비밀번호" required hint={`${MIN_PASSWORD_LENGTH}자 이상. 다른 곳에서 쓰지 않는 비밀번호로 정해 주세요.`} error={errors.password}>
            {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={200} />}
          </Field>
          <Field name="passwordConfirm" id="invite-password-confirm" label="비밀번호 확인" required error={errors.passwordConfirm}>
            {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={200} />}
          </Field>
        </fieldset>
        <fieldset className="invitation-form__part">
          <legend>{invitation.factorRequired ? "2. 인증 앱 등록" : "2. 인증 앱 등록 (선택)"}</legend>
          <p className="invitation-form__why">
            {invitation.factorRequired
              ? "지원자 개인정보를 다룰 수 있는 계정이라 로그인할 때 비밀번호와 함께 인증 앱의 코드가 필요합니다."
              : "등록하면 로그인할 때 비밀번호와 함께 인증 앱의 코드를 입력합니다. 나중에 계정 보안 화면에서 등록해도 됩니다. 지금 등록하지 않으려면 인증 코드를 비워 두세요."}
          </p>
          <TotpEnrollment enrollment={invitation.enrollment} accountName={invitation.accountName} confirmLabel={submitLabel} />
          <Field name="code" id="invite-code" label="인증 코드" required={invitation.factorRequired} optional={!invitation.factorRequired} error={errors.code}>
            {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} />}
          </Field>
        </fieldset>
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? "확인 중..." : submitLabel}
        </button>
      </Form>
    </section>
  );
}
