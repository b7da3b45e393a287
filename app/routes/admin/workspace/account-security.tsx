import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/account-security";
import { ACCOUNT_SECURITY_PATH } from "../../../domain/paths";
import { PasskeyRegistration } from "../../../components/admin/passkey-buttons";
import { RecoveryCodes, TotpEnrollment } from "../../../components/admin/totp-enrollment";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleAccountSecurityAction, loadAccountSecurity } from "./account-security.server";
import { WorkspacePage } from "../../../components/admin/workspace-ui";
import { Field } from "../../../widgets/field";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { FormStatus } from "../../../components/form-status";

/**
 * /admin/account/security: the signed-in account's second factor (decision 040). Enrolling shows the
 * otpauth:// URI as a QR code (an SVG drawn here, on the server) and the secret in groups for typing;
 * a code from the app confirms it, and the ten recovery codes are shown once. Plain forms: all of it
 * works without JavaScript. While the account has no second factor and must have one, the private
 * gate opens no other page.
 */

export function loader({ context }: Route.LoaderArgs) {
  return loadAccountSecurity(getRequestContext(context));
}

export function action({ context, request }: Route.ActionArgs) {
  return handleAccountSecurityAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("계정 보안");
}

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { enrollment } = loaderData;
  const codes = actionData?.recoveryCodes ?? null;
  return (
    <WorkspacePage id="security" className="security-page" title="계정 보안">
      <p className="workspace-help">
        <strong>{loaderData.loginId}</strong> 계정의 2단계 인증입니다. 로그인할 때 비밀번호와 함께 휴대폰 인증 앱(Google Authenticator, Microsoft
        Authenticator, 1Password 등)의 6자리 코드를 입력합니다. 오디션 지원자의 개인정보를 다루는 계정은 2단계 인증이 필수입니다.
      </p>
      <FormStatus error={actionData?.error} errorId="security-error" />
      {actionData?.notice ? (
        <p className="form-notice" role="status">
          {actionData.notice}
        </p>
      ) : null}
      {codes ? <RecoveryCodes codes={codes} loginId={loaderData.loginId} continueLabel="보관했습니다. 개요로 가기" /> : null}
      {loaderData.securityNotice ? (
        <section className="form-error security-alert" aria-labelledby="security-notice-title">
          <h2 id="security-notice-title">로그인 보안 알림</h2>
          <p>{loaderData.securityNotice}</p>
          <p>본인이 입력한 것이 아니라면 비밀번호가 유출되었을 수 있습니다. 비밀번호를 바꾼 뒤 확인 처리해 주세요.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="dismiss-notice" />
            <button type="submit" className="button button--small" disabled={busy}>
              확인했습니다
            </button>
          </Form>
        </section>
      ) : null}

      {enrollment ? (
        <section className="security-enroll" aria-labelledby="enroll-title">
          <h2 id="enroll-title">인증 앱 등록</h2>
          {loaderData.required ? (
            <p className="form-notice" role="status">
              2단계 인증을 설정해야 관리 화면을 쓸 수 있습니다.
            </p>
          ) : null}
          <TotpEnrollment enrollment={enrollment} accountName={loaderData.loginId} confirmLabel="등록 확인" />
          <Form method="post" className="token-form">
            <input type="hidden" name="intent" value="confirm" />
            <Field name="code" id="enroll-code" label="인증 코드">
              {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} pattern="[0-9 ]*" required />}
            </Field>
            <button type="submit" className="button" disabled={busy}>
              등록 확인
            </button>
          </Form>
        </section>
      ) : null}

      {loaderData.enabled ? (
        <>
          <section className="security-status" aria-labelledby="status-title">
            <h2 id="status-title">2단계 인증 사용 중</h2>
            <p>
              {loaderData.enabledAt ? `${loaderData.enabledAt}부터 ` : ""}인증 앱의 코드로 로그인합니다. 남은 복구 코드: <strong>{loaderData.recoveryCodesLeft}개</strong>
            </p>
          </section>
          <section className="security-manage" aria-labelledby="passkeys-title">
            <h2 id="passkeys-title">패스키</h2>
            <p>
              휴대폰이나 컴퓨터의 지문·얼굴 인식, 보안 키로 인증 코드 대신 로그인할 수 있습니다. 패스키는 이 사이트에만 쓰이고, 인증 앱은 그대로 예비
              수단으로 남습니다.
            </p>
            {loaderData.passkeys.length > 0 ? (
              <ul className="security-passkeys">
                {loaderData.passkeys.map((passkey) => (
                  <li key={passkey.id}>
                    <span>
                      <strong>{passkey.name}</strong>
                      <span className="workspace-table__sub">{`${passkey.createdAt} 등록 · ${passkey.lastUsedAt ? `${passkey.lastUsedAt} 마지막 사용` : "아직 쓰지 않음"}`}</span>
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-passkey" />
                      <input type="hidden" name="id" value={passkey.id} />
                      <button type="submit" className="button button--small button--danger" aria-label={`${passkey.name} 패스키 지우기`}>
                        지우기
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="workspace-help">등록한 패스키가 없습니다.</p>
            )}
            <PasskeyRegistration endpoint={`${ACCOUNT_SECURITY_PATH}/passkey`} />
          </section>
          <section className="security-manage" aria-labelledby="regenerate-title">
            <h2 id="regenerate-title">복구 코드 새로 받기</h2>
            <p>복구 코드를 잃어버렸거나 거의 다 썼다면 새로 받으세요. 이전 복구 코드는 모두 쓸 수 없게 됩니다.</p>
            <Form method="post" className="token-form">
              <input type="hidden" name="intent" value="regenerate" />
              <Field name="code" id="regenerate-code" label="현재 인증 코드">
                {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} required />}
              </Field>
              <button type="submit" className="button" disabled={busy}>
                복구 코드 새로 받기
              </button>
            </Form>
          </section>
          <section className="security-manage" aria-labelledby="disable-title">
            <h2 id="disable-title">2단계 인증 끄기</h2>
            {loaderData.required ? (
              <p>
                이 계정은 개인정보를 다룰 수 있어 2단계 인증을 끌 수 없습니다. 휴대폰을 잃어버렸다면 복구 코드로 로그인할 수 있고, 복구 코드도 없다면 대표
                관리자에게 2단계 인증 설정 링크를 요청해 다시 등록합니다.
              </p>
            ) : (
              <Form method="post" className="token-form">
                <input type="hidden" name="intent" value="disable" />
                <Field name="password" id="disable-password" label="비밀번호">
                  {(control) => <input {...control} type="password" autoComplete="current-password" maxLength={256} />}
                </Field>
                <Field name="code" id="disable-code" label="또는 현재 인증 코드">
                  {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} />}
                </Field>
                <button type="submit" className="button button--danger" disabled={busy}>
                  2단계 인증 끄기
                </button>
              </Form>
            )}
          </section>
        </>
      ) : null}
    </WorkspacePage>
  );
}
