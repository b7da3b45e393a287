import { Form } from "react-router";
import type { Route } from "./+types/account";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleAccountAction, loadAccount } from "./account.server";
import { MIN_STAFF_PASSWORD_LENGTH } from "../../../domain/staff-roles";
import { Field } from "../../../widgets/field";
import { WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { FormStatus } from "../../../components/form-status";

export function loader({ context }: Route.LoaderArgs) {
  return loadAccount(getRequestContext(context));
}

export function action({ context, request }: Route.ActionArgs) {
  return handleAccountAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("내 계정");
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
