import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/package";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { PACKAGE_RETENTION_DAYS } from "../../../domain/casting-packages";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handlePackageAction, loadPackage } from "./packages.server";
import { WorkspaceList, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { Field } from "../../../widgets/field";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { useHydrated } from "../../../lib/use-hydrated";
import { FormStatus } from "../../../components/form-status";

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPackage(getRequestContext(context), request, params.id);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return handlePackageAction(getRequestContext(context), request, params.id);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return workspaceMeta(loaderData ? `캐스팅 패키지: ${loaderData.title}` : "캐스팅 패키지");
}

/** With JavaScript: copies the link; if the browser refuses, selects it for Ctrl+C. Without, the field is there to select. */
function CopyLinkButton({ link }: { link: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid("링크를 복사했습니다.");
    } catch {
      const field = document.getElementById("package-link") as HTMLInputElement | null;
      field?.focus();
      field?.select();
      setSaid("링크를 선택했습니다. Ctrl+C(맥은 ⌘+C)로 복사해 주세요.");
    }
  };
  return (
    <p className="package-link__copy">
      <button type="button" className="button button--small" onClick={() => void copy()}>
        링크 복사
      </button>{" "}
      <span role="status">{said}</span>
    </p>
  );
}

/** /admin/packages/:id: the link, what the recipient opened and answered; close, extend or copy it. */
export default function Package({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  return (
    <WorkspacePage id="package" className="package-page" title={p.title} eyebrow={<Link to={WORKSPACE_PATHS.packages}>캐스팅 패키지</Link>}>
      <FormStatus error={actionData?.formError} />

      <dl className="package-facts">
        <div>
          <dt>받는 분</dt>
          <dd>
            {`${p.recipientCompany} · ${p.recipientName}`}
            {p.recipientEmail ? ` (${p.recipientEmail})` : ""}
          </dd>
        </div>
        <div>
          <dt>상태</dt>
          <dd>
            <span className={`package-state package-state--${p.state}`}>{p.stateLabel}</span>
            {p.revokedAt ? ` (${p.revokedAt}에 닫음)` : ` · ${p.lastDay}까지`}
          </dd>
        </div>
        <div>
          <dt>언어</dt>
          <dd>{p.localeLabel}</dd>
        </div>
        <div>
          <dt>열람</dt>
          <dd>{p.firstOpenedAt ? `방문 ${p.visitCount}회 · 처음 ${p.firstOpenedAt} · 마지막 ${p.lastOpenedAt}` : "아직 열지 않았습니다."}</dd>
        </div>
        <div>
          <dt>PDF</dt>
          <dd>{p.pdfDownloads > 0 ? `전체 PDF 내려받기 ${p.pdfDownloads}회 · 마지막 ${p.lastPdfAt}` : p.lastPdfAt ? `전체 PDF는 아직 내려받지 않았습니다 (배우 프로필 PDF 마지막 ${p.lastPdfAt})` : "아직 내려받지 않았습니다."}</dd>
        </div>
        <div>
          <dt>이메일</dt>
          <dd>{p.linkSentAt ? `${p.linkSentAt}에 링크를 보냄` : "보내지 않음"}</dd>
        </div>
        <div>
          <dt>만든 사람</dt>
          <dd>{`${p.createdBy || "-"} · ${p.createdAt}`}</dd>
        </div>
      </dl>

      {p.link && p.state !== "revoked" ? (
        <div className="package-link">
          <label htmlFor="package-link" className="field__label">
            받는 분께 보낼 링크
          </label>
          <input id="package-link" className="package-link__value" type="text" readOnly value={p.link} onFocus={(event) => event.currentTarget.select()} />
          <CopyLinkButton link={p.link} />
          <p className="field__hint">이 링크를 가진 사람은 누구나 패키지를 볼 수 있습니다. 받는 분께만 전해 주세요. 관리자로 로그인한 채 열면 미리보기로 보이고 방문으로 세지 않습니다.</p>
          <div className="package-link__more">
            {p.pdfHref ? (
              <a href={p.pdfHref} className="button button--small button--ghost" download>
                전체 PDF 미리보기
              </a>
            ) : null}
            {p.canSend ? (
              <Form method="post" className="package-link__send">
                <input type="hidden" name="intent" value="send" />
                <button type="submit" className="button button--small">
                  {p.linkSentAt ? "이메일로 다시 보내기" : "이메일로 보내기"}
                </button>
                <span className="field__hint">{`제목, 인사말, 링크와 마지막 날을 ${p.recipientEmail} 주소로 보냅니다.`}</span>
              </Form>
            ) : p.state === "open" ? (
              <p className="field__hint">{p.mailOff ? "메일 발송이 설정되지 않아 링크를 직접 전해야 합니다. 위의 링크를 복사해 전해 주세요." : "받는 사람 이메일이 없어 이메일로 보낼 수 없습니다."}</p>
            ) : null}
          </div>
        </div>
      ) : null}

      {p.message ? (
        <section className="package-section" aria-labelledby="package-message-title">
          <h2 id="package-message-title">인사말</h2>
          <p className="package-message">{p.message}</p>
        </section>
      ) : null}

      <section className="package-section" aria-labelledby="package-artists-title">
        <h2 id="package-artists-title">{`배우 (${p.artists.length}명)`}</h2>
        <WorkspaceTable label="패키지의 배우" columns={["순서", "배우", "받는 분의 표시", "열람", "주요 출연작과 메모"]} rowCount={p.artists.length} empty="배우가 없습니다.">
          {p.artists.map((a, index) => (
            <tr key={a.id}>
              <td>{index + 1}</td>
              <th scope="row" className="workspace-table__title">
                {a.name}
                <span className="workspace-list__meta">{`사진 ${a.photoCount}장`}</span>
              </th>
              <td>{a.markLabel ?? "-"}</td>
              <td>
                {a.openedAt ? `열어 봄 (처음 ${a.openedAt})` : "아직 열지 않음"}
                {a.pdfDownloads > 0 ? <span className="workspace-list__meta">{`프로필 PDF ${a.pdfDownloads}회`}</span> : null}
              </td>
              <td>
                {a.credits.length > 0 ? a.credits.join(", ") : "-"}
                {a.note ? <span className="workspace-list__meta">{a.note}</span> : null}
                {a.reel ? <span className="workspace-list__meta">{`영상: ${a.reel}`}</span> : null}
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      </section>

      <section className="package-section" aria-labelledby="package-answers-title">
        <h2 id="package-answers-title">받는 분의 답변</h2>
        <WorkspaceList rows={p.answers} rowKey={(answer) => answer.id} empty="아직 답변이 없습니다." className="package-answers">
          {(answer) => (
            <>
              <span className="workspace-list__title">
                {answer.artist}
                {answer.markLabel ? <span className="workspace-list__kind">{answer.markLabel}</span> : null}
              </span>
              {answer.message ? <span className="package-answers__message">{answer.message}</span> : null}
              <span className="workspace-list__meta">{answer.at}</span>
            </>
          )}
        </WorkspaceList>
      </section>

      <section className="package-section package-actions" aria-labelledby="package-actions-title">
        <h2 id="package-actions-title">링크 관리</h2>
        {p.state !== "revoked" ? (
          <>
            <Form method="post" className="package-actions__form" noValidate>
              <input type="hidden" name="intent" value="extend" />
              <Field name="expiresOn" label="마지막 날 바꾸기 (한국 시간)" error={errors.expiresOn}>
                {(control) => <input {...control} type="date" defaultValue={values.expiresOn || p.defaultLastDay} />}
              </Field>
              <button type="submit" className="button button--small">
                기간 바꾸기
              </button>
            </Form>
            <Form method="post" className="package-actions__form">
              <input type="hidden" name="intent" value="revoke" />
              <p className="field__hint">닫으면 링크가 바로 막히고, 받는 분에게는 회사 연락처가 적힌 안내가 보입니다. 다시 열 수 없습니다.</p>
              <button type="submit" className="button button--small button--danger">
                링크 닫기
              </button>
            </Form>
          </>
        ) : null}
        <Form method="post" className="package-actions__form package-actions__copy" noValidate>
          <input type="hidden" name="intent" value="duplicate" />
          <h3>다른 분께 보내기 (복제)</h3>
          <p className="field__hint">같은 배우와 인사말로 새 패키지를 만듭니다. 링크와 열람 기록은 따로입니다.</p>
          <Field name="recipientCompany" id="copy-company" label="받는 회사" required error={errors.recipientCompany}>
            {(control) => <input {...control} type="text" maxLength={100} defaultValue={values.recipientCompany ?? ""} />}
          </Field>
          <Field name="recipientName" id="copy-name" label="받는 사람" required error={errors.recipientName}>
            {(control) => <input {...control} type="text" maxLength={60} defaultValue={values.recipientName ?? ""} />}
          </Field>
          <Field
            name="recipientEmail"
            id="copy-email"
            label="받는 사람 이메일"
            optional
            hint={p.mailOff ? "메일 발송이 설정되지 않아 링크를 직접 전해야 합니다." : "적으면 새 패키지 화면에서 링크를 이메일로 보낼 수 있습니다."}
            error={errors.recipientEmail}
          >
            {(control) => <input {...control} type="email" maxLength={200} defaultValue={values.recipientEmail ?? ""} />}
          </Field>
          <Field name="copyExpiresOn" id="copy-expires" label="링크를 열 수 있는 마지막 날" error={errors.copyExpiresOn}>
            {(control) => <input {...control} type="date" defaultValue={values.copyExpiresOn || p.defaultLastDay} />}
          </Field>
          <button type="submit" className="button button--small">
            복제해서 새 링크 만들기
          </button>
        </Form>
        <Form method="post" className="package-actions__form package-actions__delete" noValidate>
          <input type="hidden" name="intent" value="delete" />
          <h3>패키지 삭제</h3>
          <p className="field__hint">{`패키지와 받는 분의 이름, 이메일, 방문 기록, 답변을 모두 지웁니다. 링크는 더 이상 열리지 않고, 되돌릴 수 없습니다. 지우지 않아도 링크가 닫히고 ${PACKAGE_RETENTION_DAYS}일이 지나면 자동으로 지워집니다(${p.deletionDay} 예정).`}</p>
          <label className="package-delete__confirm">
            <input
              type="checkbox"
              name="confirmDelete"
              value="yes"
              aria-invalid={errors.confirmDelete ? true : undefined}
              aria-describedby={errors.confirmDelete ? "confirm-delete-error" : undefined}
            />{" "}
            받는 분의 기록까지 지운다는 것을 확인했습니다.
          </label>
          {errors.confirmDelete ? (
            <p className="field__error" id="confirm-delete-error">
              {errors.confirmDelete}
            </p>
          ) : null}
          <button type="submit" className="button button--small button--danger">
            패키지 삭제
          </button>
        </Form>
      </section>
    </WorkspacePage>
  );
}
