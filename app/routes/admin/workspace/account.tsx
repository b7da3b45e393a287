import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account";
import { formatKst } from "../../../domain/kst";
import { WORKSPACE_PATHS } from "../../../domain/site-routes";
import { STAFF_ROLE_INFO } from "../../../domain/staff-roles";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import { adminActor, readAdminForm } from "../../../server/route-kit/admin-forms.server";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { getSiteSettings } from "../../../server/site/settings.server";
import { endSessionsOf, listSessionsOf } from "../../../server/staff/staff-sessions.server";
import { changeOwnPassword } from "../../../server/auth/password-change.server";
import { MIN_STAFF_PASSWORD_LENGTH } from "../../../domain/staff-roles";
import { Field } from "../../../widgets/field";
import { WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { adminMeta } from "../../../lib/admin-meta";
import { FormStatus } from "../../../components/form-status";

/** "Chrome · Windows" from a User-Agent, enough to tell one's own devices apart. */
function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Whale\//.test(userAgent) ? "Whale" : /SamsungBrowser\//.test(userAgent) ? "삼성 인터넷" : /Chrome\//.test(userAgent) ? "Chrome" : /Firefox\//.test(userAgent) ? "Firefox" : /Safari\//.test(userAgent) ? "Safari" : "알 수 없는 브라우저";
  const system = /Windows/.test(userAgent) ? "Windows" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Linux/.test(userAgent) ? "Linux" : "";
  return system ? `${browser} · ${system}` : browser;
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const session = staffSessionOf(ctx);
  const [sessions, settings] = await Promise.all([listSessionsOf(ctx.runtime.db, session.adminId, session.tokenHash), getSiteSettings(ctx.runtime.db)]);
  return {
    name: session.displayName,
    loginId: session.loginId,
    role: STAFF_ROLE_INFO[session.role],
    idleMinutes: settings.staffIdleMinutes,
    sessions: sessions.map((s) => ({ key: s.key, device: deviceOf(s.userAgent), ip: s.ip, createdAt: formatKst(s.createdAt), lastSeenAt: formatKst(s.lastSeenAt), current: s.current })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const session = staffSessionOf(ctx);
  const read = await readAdminForm(request, []);
  if ("refused" in read) return data({ error: read.refused.data.formError }, { status: read.refused.init?.status ?? 400 });
  const { form } = read;
  const actor = adminActor(session, ctx);
  const intent = form.get("intent");
  if (intent === "change-password") {
    const text = (name: string) => String(form.get(name) ?? "").slice(0, 256);
    const result = await changeOwnPassword(ctx.runtime.db, ctx.runtime.sessionSecret, { ...actor, adminId: session.adminId }, { current: text("current"), next: text("next"), confirm: text("confirm"), keepSession: session.tokenHash });
    if (!result.ok) return data({ error: null, passwordErrors: result.errors }, { status: result.status, headers: { "Cache-Control": "private, no-store" } });
    return redirect(WORKSPACE_PATHS.account, { headers: { "Set-Cookie": await setFlash("password-changed") } });
  }
  if (intent === "end-others") {
    await endSessionsOf(ctx.runtime.db, actor, session.adminId, { allBut: session.tokenHash });
    return redirect(WORKSPACE_PATHS.account, { headers: { "Set-Cookie": await setFlash("sessions-ended") } });
  }
  if (intent === "end-session") {
    const key = String(form.get("key") ?? "");
    if (session.tokenHash.startsWith(key)) return data({ error: "지금 쓰는 로그인은 ‘관리자 로그아웃’으로 끝내 주세요." }, { status: 400 });
    const ended = await endSessionsOf(ctx.runtime.db, actor, session.adminId, { key });
    if (ended === 0) return data({ error: "이미 끝난 로그인입니다. 목록을 새로 고쳐 주세요." }, { status: 404 });
    return redirect(WORKSPACE_PATHS.account, { headers: { "Set-Cookie": await setFlash("sessions-ended") } });
  }
  return data({ error: "알 수 없는 요청입니다." }, { status: 400 });
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return adminMeta("내 계정");
}

/** /admin/account: one's own account, and every place one is signed in, each of which can be ended. */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { name, loginId, role, sessions, idleMinutes } = loaderData;
  const passwordErrors = actionData && "passwordErrors" in actionData ? actionData.passwordErrors : undefined;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <WorkspacePage id="account" title="내 계정">
      <FormStatus error={actionData?.error} />
      <dl className="account-facts">
        <dt>이름</dt>
        <dd>{name}</dd>
        <dt>아이디</dt>
        <dd>{loginId}</dd>
        <dt>역할</dt>
        <dd>
          {role.label}
          <span className="workspace-table__sub">{role.description}</span>
        </dd>
      </dl>

      <h2 className="workspace-page__subtitle">로그인한 곳</h2>
      <p className="workspace-help">{`관리 화면을 ${idleMinutes}분 동안 쓰지 않으면 자동으로 로그아웃되고, 로그인은 길어도 12시간 뒤에 끝납니다. 모르는 곳이 있으면 바로 끝내고 비밀번호를 바꿔 주세요.`}</p>
      <WorkspaceTable label="로그인한 곳" columns={["기기", "IP 주소", "로그인", "마지막 사용"]} actions rowCount={sessions.length} empty="로그인한 곳이 없습니다.">
        {sessions.map((s) => (
          <tr key={s.key}>
            <th scope="row" className="workspace-table__title">
              {s.device}
              {s.current ? <span className="status-badge">지금 이 브라우저</span> : null}
            </th>
            <td data-label="IP 주소">{s.ip || "-"}</td>
            <td data-label="로그인">{s.createdAt}</td>
            <td data-label="마지막 사용">{s.lastSeenAt}</td>
            <td className="workspace-table__actions">
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="key" value={s.key} />
                  <button type="submit" name="intent" value="end-session" className="button button--small button--danger" aria-label={`${s.device} (${s.ip}) 로그아웃시키기`}>
                    로그아웃시키기
                  </button>
                </Form>
              )}
            </td>
          </tr>
        ))}
      </WorkspaceTable>
      {others > 0 ? (
        <Form method="post" className="admin-form__actions">
          <button type="submit" name="intent" value="end-others" className="button button--danger">
            {`이 브라우저 말고 모두 로그아웃시키기 (${others}곳)`}
          </button>
        </Form>
      ) : null}

      <h2 className="workspace-page__subtitle" id="password-title">
        비밀번호 바꾸기
      </h2>
      <Form method="post" className="account-password" aria-labelledby="password-title" noValidate>
        <input type="hidden" name="intent" value="change-password" />
        <Field name="current" id="password-current" label="지금 비밀번호" required error={passwordErrors?.current}>
          {(control) => <input {...control} type="password" autoComplete="current-password" maxLength={200} />}
        </Field>
        <Field name="next" id="password-next" label="새 비밀번호" required hint={`${MIN_STAFF_PASSWORD_LENGTH}자 이상. 다른 곳에서 쓰지 않는 비밀번호로 정해 주세요.`} error={passwordErrors?.next}>
          {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={200} />}
        </Field>
        <Field name="confirm" id="password-confirm" label="새 비밀번호 확인" required error={passwordErrors?.confirm}>
          {(control) => <input {...control} type="password" autoComplete="new-password" maxLength={200} />}
        </Field>
        <p className="workspace-help">바꾸면 이 브라우저 말고 다른 기기의 로그인은 모두 끝납니다.</p>
        <button type="submit" className="button">
          비밀번호 바꾸기
        </button>
      </Form>
    </WorkspacePage>
  );
}
