import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/api-tokens";
import { API_SCOPE_CHOICES, API_TOKEN_LIFETIMES } from "../../domain/api-scopes";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleApiTokensAction, loadApiTokens } from "./api-tokens.server";
import { EyebrowHeading } from "../../components/eyebrow-heading";
import { SESSION_EXPIRED_MESSAGE, submitKeepingTypedText } from "../../lib/signed-out-submit";
import { Field } from "../../widgets/field";
import { workspaceMeta } from "../../lib/workspace-meta";
import { FormStatus } from "../../components/form-status";

export function loader({ context }: Route.LoaderArgs) {
  return loadApiTokens(getRequestContext(context));
}

export function action({ context, request }: Route.ActionArgs) {
  return handleApiTokensAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session leaves the page as it is, with the message (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args, { error: SESSION_EXPIRED_MESSAGE, created: null });
}

export function meta() {
  return workspaceMeta("API 토큰");
}

export default function AdminApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="admin-editor" aria-labelledby="tokens-title">
      <EyebrowHeading look="admin" eyebrow="ADMIN" title="API 토큰" id="tokens-title" />
      <p>
        외부 프로그램이 <code>/api/we</code> 쓰기 요청을 보낼 때 <code>Authorization: Bearer 토큰</code> 헤더로 사용합니다. 토큰은 만들 때 한 번만
        보여 드리며, 필요 없어지면 폐기해 주세요.
      </p>
      <FormStatus error={actionData?.error} />
      {actionData?.created ? (
        <div className="form-notice" role="status">
          <p>
            ‘{actionData.created.name}’ 토큰을 만들었습니다. 지금 복사해 두세요. 다시 볼 수 없습니다.
          </p>
          <p>
            <code className="token-value">{actionData.created.token}</code>
          </p>
        </div>
      ) : null}
      <Form method="post" className="token-form">
        <Field name="name" id="token-name" label="새 토큰 이름">
          {(control) => <input {...control} type="text" maxLength={60} placeholder="예: 홍보팀 업로드 도구" required />}
        </Field>
        <Field name="scopes" id="token-scopes" label="할 수 있는 일" hint="지원자 개인정보는 어떤 토큰으로도 읽을 수 없습니다.">
          {(control) => (
            <select {...control} defaultValue={API_SCOPE_CHOICES[0]!.value}>
              {API_SCOPE_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="lifetimeDays" id="token-lifetime" label="유효 기간">
          {(control) => (
            <select {...control} defaultValue={String(API_TOKEN_LIFETIMES[0])}>
              {API_TOKEN_LIFETIMES.map((days) => (
                <option key={days} value={days}>
                  {days === 0 ? "폐기할 때까지" : `${days}일`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" name="intent" value="create" className="button" disabled={busy}>
          토큰 만들기
        </button>
      </Form>
      <table className="token-table">
        <caption className="visually-hidden">API 토큰 목록</caption>
        <thead>
          <tr>
            <th scope="col">이름</th>
            <th scope="col">할 수 있는 일</th>
            <th scope="col">만든 사람</th>
            <th scope="col">만든 날</th>
            <th scope="col">마지막 사용</th>
            <th scope="col">상태</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.tokens.length === 0 ? (
            <tr>
              <td colSpan={6}>아직 만든 토큰이 없습니다.</td>
            </tr>
          ) : (
            loaderData.tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{token.scopes}</td>
                <td>{token.owner ? (token.ownerActive ? token.owner : `${token.owner} (사용 중지)`) : "-"}</td>
                <td>{token.createdAt}</td>
                <td>{token.lastUsedAt ?? "-"}</td>
                <td>
                  {token.revoked ? (
                    "폐기됨"
                  ) : token.expired ? (
                    "만료됨"
                  ) : (
                    <Form method="post">
                      <span className="workspace-table__sub">{token.expiresAt ? `${token.expiresAt}까지` : "기한 없음"}</span>
                      <input type="hidden" name="id" value={token.id} />
                      <button type="submit" name="intent" value="revoke" className="button button--small button--danger" aria-label={`${token.name} 토큰 폐기`}>
                        폐기
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
