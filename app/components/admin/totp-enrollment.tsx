import { Link } from "react-router";
import { withParticle } from "../../domain/korean";
import { WORKSPACE_PATHS } from "../../domain/paths";

/**
 * Enrolling an authenticator app (decision 040), written once for the account's security page and the
 * invitation and setup links: the steps, the QR code (an SVG the server drew) and the secret to type by
 * hand; then the recovery codes, shown once. No JavaScript: the code goes in the page's own form.
 */

export interface TotpEnrollmentView {
  uri: string;
  qrSvg: string;
  grouped: string;
}

/** The steps, the QR code and the secret; the page puts the code field and `confirmLabel`'s button after it. */
export function TotpEnrollment({ enrollment, accountName, confirmLabel }: { enrollment: TotpEnrollmentView; accountName: string; confirmLabel: string }) {
  return (
    <>
      <ol className="security-enroll__steps">
        <li>휴대폰에서 인증 앱(Google Authenticator, Microsoft Authenticator, 1Password 등)을 열고 ‘QR 코드 스캔’을 고릅니다.</li>
        <li>아래 QR 코드를 찍습니다. 찍을 수 없으면 ‘설정 키 입력’을 선택하고 비밀 키를 입력합니다(계정 이름: {accountName}, 시간 기준).</li>
        <li>{`앱에 나타난 6자리 코드를 입력하고 ${withParticle(`‘${confirmLabel}’`, "을/를")} 누릅니다.`}</li>
      </ol>
      <div className="security-enroll__body">
        {/* The SVG is drawn on the server from our own URI (qrcode package): no user input in it. */}
        <div className="security-enroll__qr" role="img" aria-label="인증 앱에 등록할 QR 코드" dangerouslySetInnerHTML={{ __html: enrollment.qrSvg }} />
        <div className="security-enroll__manual">
          <p>
            비밀 키
            <br />
            <code className="security-enroll__secret" data-testid="totp-secret">
              {enrollment.grouped}
            </code>
          </p>
          <details>
            <summary>등록 주소(otpauth) 보기</summary>
            <code className="security-enroll__uri">{enrollment.uri}</code>
          </details>
        </div>
      </div>
    </>
  );
}

/** The ten recovery codes, shown once, with a download and the way on (`continueLabel`, to the workspace). */
export function RecoveryCodes({ codes, loginId, continueLabel }: { codes: string[]; loginId: string; continueLabel: string }) {
  const text = [`WE ENTERTAINMENT 관리 화면 복구 코드 (${loginId})`, "각 코드는 한 번만 쓸 수 있습니다.", "", ...codes, ""].join("\n");
  return (
    <section className="security-codes" aria-labelledby="codes-title">
      <h2 id="codes-title">복구 코드</h2>
      <p>
        휴대폰을 잃어버리거나 인증 앱을 쓸 수 없을 때 인증 코드 대신 입력합니다. <strong>지금 한 번만 보여 드립니다.</strong> 내려받거나 인쇄해서
        안전한 곳에 보관해 주세요. 각 코드는 한 번씩만 쓸 수 있습니다.
      </p>
      <ol className="security-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="security-codes__actions">
        <a className="button" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={`we-recovery-codes-${loginId}.txt`}>
          텍스트 파일로 내려받기
        </a>
        <span className="security-codes__hint">인쇄하려면 브라우저의 인쇄 기능(Ctrl+P, Mac은 ⌘+P)을 쓰세요.</span>
      </p>
      <p>
        <Link to={WORKSPACE_PATHS.dashboard}>{continueLabel}</Link>
      </p>
    </section>
  );
}
