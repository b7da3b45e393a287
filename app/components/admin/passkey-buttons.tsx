import { useState } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { FormStatus } from "../form-status";

/**
 * The passkey ceremonies in the administrator's app (decision 040): they need JavaScript (the browser's
 * WebAuthn API), so the buttons appear only once the page is hydrated and the browser has WebAuthn;
 * the code form beside them works without. @simplewebauthn/browser is loaded on click.
 */

function webAuthnAvailable(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function errorOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? fallback;
}

/** The sign-in's second step with a passkey: asks the browser, sends the answer, follows the server. */
export function PasskeySignIn({ endpoint, redirectTo }: { endpoint: string; redirectTo: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!hydrated || !webAuthnAvailable()) return null;

  async function signIn() {
    setState({ busy: true, error: null });
    try {
      const options = await fetch(endpoint, { headers: { Accept: "application/json" } });
      if (!options.ok) return setState({ busy: false, error: await errorOf(options, "패스키를 쓸 수 없습니다. 인증 코드를 입력해 주세요.") });
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON: await options.json() });
      const answer = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ response, redirectTo }) });
      const body = (await answer.json().catch(() => null)) as { location?: string; error?: { message?: string } } | null;
      // Signed in, or the pending step is over (back to the password, with the reason): follow the server.
      if (body?.location) {
        window.location.assign(body.location);
        return;
      }
      setState({ busy: false, error: body?.error?.message ?? "패스키로 인증하지 못했습니다. 다시 시도하거나 인증 코드를 입력해 주세요." });
    } catch {
      // Cancelled in the browser's dialog, or no matching passkey on this device.
      setState({ busy: false, error: "패스키 인증이 취소되었거나 이 기기에서 쓸 수 있는 패스키가 없습니다. 인증 코드를 입력해 주세요." });
    }
  }

  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">또는</p>
      <button type="button" className="button button--ghost button--block" onClick={signIn} disabled={state.busy}>
        {state.busy ? "패스키 확인 중..." : "패스키로 인증"}
      </button>
      <FormStatus error={state.error} />
    </div>
  );
}

/** The security page's "add a passkey": a name, the browser's dialog, then the list reloads. */
export function PasskeyRegistration({ endpoint }: { endpoint: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [state, setState] = useState<{ busy: boolean; error: string | null; notice: string | null }>({ busy: false, error: null, notice: null });
  if (!hydrated) return <p className="workspace-help">패스키를 등록하려면 자바스크립트가 켜져 있어야 합니다.</p>;
  if (!webAuthnAvailable()) return <p className="workspace-help">이 브라우저는 패스키를 지원하지 않습니다.</p>;

  async function register() {
    setState({ busy: true, error: null, notice: null });
    try {
      const post = (body: unknown) => fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
      const options = await post({ step: "options" });
      if (!options.ok) return setState({ busy: false, error: await errorOf(options, "패스키를 등록할 수 없습니다."), notice: null });
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON: await options.json() });
      const saved = await post({ step: "register", response, name });
      if (!saved.ok) return setState({ busy: false, error: await errorOf(saved, "패스키를 등록하지 못했습니다."), notice: null });
      setName("");
      setState({ busy: false, error: null, notice: "패스키를 등록했습니다. 다음 로그인부터 인증 코드 대신 쓸 수 있습니다." });
      await revalidator.revalidate();
    } catch {
      setState({ busy: false, error: "패스키 등록이 취소되었습니다. 다시 시도해 주세요.", notice: null });
    }
  }

  return (
    <div className="passkey-register">
      <div className="field">
        <label className="field__label" htmlFor="passkey-name">
          새 패스키 이름
        </label>
        <input id="passkey-name" type="text" maxLength={40} value={name} onChange={(event) => setName(event.currentTarget.value)} placeholder="예: 사무실 노트북" />
      </div>
      <button type="button" className="button" onClick={register} disabled={state.busy || name.trim() === ""}>
        {state.busy ? "등록하는 중..." : "패스키 추가"}
      </button>
      <FormStatus error={state.error} notice={state.notice} />
    </div>
  );
}
