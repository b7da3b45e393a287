import { Form, Link } from "react-router";
import type { Route } from "./+types/staff";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { withParticle } from "../../../domain/korean";
import { STAFF_ROLE_INFO, STAFF_ROLES } from "../../../domain/staff-roles";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleStaffAction, loadStaff } from "./staff.server";
import { ConfirmActions, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { Field } from "../../../widgets/field";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { FormStatus } from "../../../components/form-status";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadStaff(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleStaffAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("직원 계정");
}

/** What the owner is told of a link made just now: mailed, or to be passed on by hand. */
function invitedNotice(invited: { name: string; email: string; mailed: boolean; setup: boolean }): string {
  const what = invited.setup ? "2단계 인증 설정 링크" : "초대 메일";
  const to = invited.email ? `${invited.name}님(${invited.email})` : `${invited.name}님`;
  if (invited.mailed) return `${to}에게 ${withParticle(what, "을/를")} 보냈습니다. 메일이 닿지 않으면 아래 링크를 직접 전해 주세요.`;
  if (invited.setup && !invited.email) return `이메일 주소가 없는 계정입니다. 아래 링크를 ${to}에게 직접 전해 주세요.`;
  return `메일 서버가 설정되어 있지 않아 ${withParticle(what, "을/를")} 보내지 않았습니다. 아래 링크를 ${to}에게 직접 전해 주세요.`;
}

/** /admin/staff (owners): the people, their roles and last sign-in; invitations; grants and changes. */
export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, changes, me, mailConfigured, confirmRemove } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const removing = confirmRemove ? members.find((m) => m.id === confirmRemove) : undefined;

  if (removing) {
    return (
      <section className="workspace-page admin-confirm" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="workspace-page__title">
          계정 삭제
        </h1>
        <p>
          {`${removing.name}(${removing.loginId})`}의 계정을 삭제할까요? 로그인이 모두 끝나고 되돌릴 수 없습니다. 활동 기록과 권한 변경 기록에는 이름이 그대로 남습니다. 잠시 막아
          두려면 삭제 대신 사용 중지를 선택하세요.
        </p>
        <ConfirmActions cancelTo={WORKSPACE_PATHS.staff} intent="remove" label="계정 삭제" fields={{ id: String(removing.id) }} />
      </section>
    );
  }

  return (
    <WorkspacePage id="staff" title="직원 계정">
      <p className="workspace-help">
        한 사람에 계정 하나씩 씁니다. 역할에 따라 쓸 수 있는 기능이 정해지고, 역할 변경과 사용 중지는 그 사람의 다음 요청부터 바로 적용됩니다. 초대, 계정 생성, 역할 변경,
        사용 중지와 삭제는 아래 권한 변경 기록에 3년 동안 남습니다. 2단계 인증이 필요한데 아직 없는 사람이나 휴대폰을 잃어버린 사람에게는 ‘2단계 인증 설정 링크’를 만들어
        전해 주세요. 비밀번호만으로는 지원자 개인정보에 닿을 수 없습니다.
      </p>
      <FormStatus error={actionData?.formError} />
      {actionData?.invited ? (
        <div className="form-notice" role="status">
          <p>
            {invitedNotice(actionData.invited)} 링크는 72시간 동안 한 번만 쓸 수 있고, 지금만 보여 드립니다.
            {actionData.invited.setup ? " 링크에서 새 비밀번호와 인증 앱을 정하면 전에 쓰던 인증 앱, 복구 코드와 패스키는 더 이상 쓸 수 없습니다." : ""}
          </p>
          <p>
            <code className="token-value">{actionData.invited.link}</code>
          </p>
        </div>
      ) : null}

      <WorkspaceTable label="직원 계정 목록" className="staff-table" columns={["이름", "역할", "마지막 로그인", "상태"]} actions rowCount={members.length} empty="계정이 없습니다.">
        {members.map((member) => (
          <tr key={member.id}>
            <th scope="row" className="workspace-table__title">
              {member.name}
              <span className="workspace-table__sub">{member.email ? `${member.loginId} · ${member.email}` : member.loginId}</span>
            </th>
            <td data-label="역할">
              <Form method="post" className="staff-role-form">
                <input type="hidden" name="id" value={member.id} />
                <label className="visually-hidden" htmlFor={`role-${member.id}`}>{`${member.name}의 역할`}</label>
                <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {STAFF_ROLE_INFO[role].label}
                    </option>
                  ))}
                </select>
                <button type="submit" name="intent" value="role" className="button button--small" aria-label={`${member.name}의 역할 변경`}>
                  변경
                </button>
              </Form>
            </td>
            <td data-label="마지막 로그인">
              {member.lastSignInAt ?? "로그인한 적 없음"}
              {member.activeSessions > 0 ? <span className="workspace-table__sub">{`로그인 중 ${member.activeSessions}곳`}</span> : null}
            </td>
            <td data-label="상태">
              {member.active ? "사용 중" : "사용 중지"}
              <span className={member.secondFactor.needsLink ? "workspace-table__sub staff-needs-link" : "workspace-table__sub"}>{member.secondFactor.label}</span>
            </td>
            <td className="workspace-table__actions">
              {member.id === me ? (
                <span className="workspace-table__sub">내 계정</span>
              ) : (
                <>
                  {member.activeSessions > 0 ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={member.id} />
                      <button type="submit" name="intent" value="end-sessions" className="button button--small" aria-label={`${member.name} 로그아웃시키기`}>
                        로그아웃시키기
                      </button>
                    </Form>
                  ) : null}
                  {member.active ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={member.id} />
                      <button type="submit" name="intent" value="setup-link" className="button button--small" aria-label={`${member.name} 2단계 인증 설정 링크 만들기`}>
                        2단계 인증 설정 링크
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={member.id} />
                    <button type="submit" name="intent" value={member.active ? "deactivate" : "reactivate"} className="button button--small" aria-label={`${member.name} ${member.active ? "사용 중지" : "다시 사용"}`}>
                      {member.active ? "사용 중지" : "다시 사용"}
                    </button>
                  </Form>
                  <Link to={`?remove=${member.id}`} className="button button--small button--danger" aria-label={`${member.name} 계정 삭제`}>
                    삭제
                  </Link>
                </>
              )}
            </td>
          </tr>
        ))}
      </WorkspaceTable>

      <h2 className="workspace-page__subtitle" id="invite-title">
        사람 초대하기
      </h2>
      <p className="workspace-help">
        {mailConfigured ? "초대 메일로 72시간 동안 쓸 수 있는 링크를 보냅니다." : "메일 서버가 설정되어 있지 않으니, 초대하면 나오는 링크를 직접 전해 주세요."} 초대받은 사람이 링크에서 아이디와
        비밀번호를 정하고 휴대폰 인증 앱을 등록하면 계정이 만들어지고 바로 로그인됩니다.
      </p>
      {/* A new, empty form after each invitation. */}
      <Form method="post" className="staff-invite" aria-labelledby="invite-title" key={actionData?.invited?.link ?? "invite"}>
        <Field name="displayName" id="invite-name" label="이름" required error={errors.displayName}>
          {(control) => <input {...control} type="text" maxLength={40} autoComplete="off" defaultValue={values.displayName ?? ""} />}
        </Field>
        <Field name="email" id="invite-email" label="이메일" required error={errors.email}>
          {(control) => <input {...control} type="email" maxLength={254} autoComplete="off" defaultValue={values.email ?? ""} />}
        </Field>
        <fieldset className="field staff-invite__roles">
          <legend className="field__label">역할</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="staff-invite__role">
              <input type="radio" name="role" value={role} defaultChecked={(values.role || "editor") === role} />
              <span>
                <strong>{STAFF_ROLE_INFO[role].label}</strong> {STAFF_ROLE_INFO[role].description}
              </span>
            </label>
          ))}
          {errors.role ? (
            <span className="field__error" id="role-error">
              {errors.role}
            </span>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="invite" className="button">
          초대하기
        </button>
      </Form>

      {invitations.length > 0 ? (
        <WorkspaceTable label="수락을 기다리는 초대" columns={["이름", "역할", "링크 만료"]} actions rowCount={invitations.length} empty="">
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row" className="workspace-table__title">
                {invitation.name}
                <span className="workspace-table__sub">{invitation.email}</span>
              </th>
              <td data-label="역할">{invitation.roleLabel}</td>
              <td data-label="링크 만료">{invitation.expiresAt}</td>
              <td className="workspace-table__actions">
                <Form method="post">
                  <input type="hidden" name="id" value={invitation.id} />
                  <button type="submit" name="intent" value="revoke-invitation" className="button button--small button--danger" aria-label={`${invitation.name} 초대 취소`}>
                    초대 취소
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      ) : null}

      <h2 className="workspace-page__subtitle">권한 변경 기록</h2>
      <WorkspaceTable label="권한 변경 기록 (최근 30건)" columns={["일시", "작업자", "대상", "내용"]} rowCount={changes.length} empty="아직 기록이 없습니다.">
        {changes.map((change) => (
          <tr key={change.id}>
            <td data-label="일시">{change.at}</td>
            <td data-label="작업자">{change.actor}</td>
            <th scope="row" className="workspace-table__title">
              {change.subject}
            </th>
            <td data-label="내용">{change.detail ? `${change.action} (${change.detail})` : change.action}</td>
          </tr>
        ))}
      </WorkspaceTable>
    </WorkspacePage>
  );
}
