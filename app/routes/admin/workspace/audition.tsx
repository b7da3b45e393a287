import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/audition";
import { ConfirmActions, WorkspacePage } from "../../../components/admin/workspace-ui";
import { adminAuditionPath } from "../../../domain/auditions";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleAuditionDetailAction, loadAuditionDetail } from "./auditions.server";
import { submitKeepingTypedText } from "../../../lib/signed-out-submit";
import { FormErrorBanner } from "../../../components/admin/admin-form-shell";
import { Field } from "../../../widgets/field";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { DownloadReasonForm, type DownloadReply } from "../../../components/admin/download-reason";

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadAuditionDetail(getRequestContext(context), request, params.id);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return handleAuditionDetailAction(getRequestContext(context), request, params.id);
}

/** With JavaScript: an ended session leaves the form as it is, with the "login expired" banner (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  // The receipt number only: a browser's history and tab titles should not hold the applicant's name.
  const title = loaderData ? `지원서 ${loaderData.application.receiptNumber}` : "지원서";
  return workspaceMeta(`${title}`);
}

/** A block of text the applicant typed, line breaks kept. */
function Paragraphs({ text }: { text: string }) {
  if (!text.trim()) return <p className="audition-detail__none">적지 않았습니다.</p>;
  return (
    <div className="audition-detail__text">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * /admin/auditions/:id: what the applicant sent (details, photos, video), the review (status with its
 * history, internal notes), and deletion at the applicant's request. `?delete` is the confirmation step,
 * a page of its own so it works without JavaScript.
 */
export default function AuditionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, photos, video, history, duplicates, statusOptions, notesMaxLength, confirmDelete, reasons, reasonMaxLength } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A download's refusal (without JavaScript) is shown beside that file's fields, not in the banner.
  const downloadReply = actionData?.values && "file" in actionData.values ? (actionData as DownloadReply) : undefined;
  const formReply = downloadReply ? undefined : actionData;
  const notesError = formReply?.fields.notes;
  const statusError = formReply?.fields.status;

  if (confirmDelete) {
    return (
      <section className="workspace-page admin-confirm" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="workspace-page__title">
          지원자 요청으로 삭제
        </h1>
        <p>
          지원서 {a.receiptNumber}({a.name})의 내용과 사진·영상을 지금 삭제할까요? 삭제하면 되돌릴 수 없습니다. 활동 기록에는 접수번호와 날짜만 남고 이름과 연락처는 남지 않습니다.
        </p>
        <ConfirmActions cancelTo={adminAuditionPath(a.id)} intent="delete" label="삭제" />
      </section>
    );
  }

  return (
    <WorkspacePage
      id="audition"
      className="audition-detail"
      eyebrow={<Link to={WORKSPACE_PATHS.auditions}>오디션 지원</Link>}
      title={
        <>
          {a.name} <span className="audition-detail__receipt">{a.receiptNumber}</span>
          {a.englishLabel ? <span className="status-badge status-badge--english">{a.englishLabel}</span> : null}
        </>
      }
    >
      <FormErrorBanner reply={formReply} />

      <div className="audition-detail__layout">
        <div className="audition-detail__main">
          {duplicates.others.length > 0 ? (
            <section aria-labelledby="related-title" className="audition-related">
              <h2 id="related-title" className="audition-detail__subtitle">
                같은 연락처의 다른 지원서 {duplicates.flagged ? <span className="status-badge status-badge--duplicate">{duplicates.label}</span> : null}
              </h2>
              <p className="workspace-help">
                {duplicates.flagged
                  ? `같은 휴대전화 번호나 이메일로 ${duplicates.windowDays}일 안에 들어온 다른 지원서가 있습니다. 중복 지원도 모두 접수되니 함께 보고 어느 지원서로 심사할지 정해 주세요. 부모님 번호를 함께 쓰는 형제자매처럼 다른 사람일 수도 있습니다.`
                  : `같은 휴대전화 번호나 이메일로 들어온 지원서입니다. 접수일이 ${duplicates.windowDays}일 넘게 떨어져 있어 중복 지원으로 보지 않습니다.`}
              </p>
              <ul className="audition-related__list">
                {duplicates.others.map((other) => (
                  <li key={other.id}>
                    <Link to={other.href}>{`${other.receiptNumber} ${other.name}`}</Link>
                    <span className="audition-related__meta">
                      {`${other.receivedAt} 접수 · ${other.shared}${other.withinWindow ? ` · ${duplicates.windowDays}일 이내` : ""}`}
                    </span>
                    <span className={`status-badge status-badge--audition-${other.status}`}>{other.statusLabel}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="applicant-title">
            <h2 id="applicant-title" className="audition-detail__subtitle">
              지원자
            </h2>
            <dl className="audition-detail__facts">
              <dt>생년월일</dt>
              <dd>
                {`${a.birthDate} (만 ${a.age}세)`}
              </dd>
              <dt>성별</dt>
              <dd>{a.gender}</dd>
              <dt>휴대전화</dt>
              <dd>
                <a href={a.phoneHref}>{a.phone}</a>
              </dd>
              <dt>이메일</dt>
              <dd>
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </dd>
              <dt>키·몸무게</dt>
              <dd>
                {`${a.heightCm}cm · ${a.weightKg === null ? "몸무게 적지 않음" : `${a.weightKg}kg`}`}
              </dd>
              <dt>접수</dt>
              <dd>{a.receivedAt}</dd>
              <dt>개인정보 동의</dt>
              <dd>
                {`${a.consentAt} (보관 기간 ${a.consentRetentionDays}일 안내)`}
              </dd>
            </dl>
          </section>

          {a.guardian ? (
            <section aria-labelledby="guardian-title" className="audition-detail__guardian">
              <h2 id="guardian-title" className="audition-detail__subtitle">
                법정대리인
              </h2>
              <dl className="audition-detail__facts">
                <dt>이름</dt>
                <dd>{a.guardian.name}</dd>
                <dt>휴대전화</dt>
                <dd>
                  <a href={a.guardian.phoneHref}>{a.guardian.phone}</a>
                </dd>
                <dt>동의</dt>
                <dd>{a.guardian.consentedAt}</dd>
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="photos-title">
            <h2 id="photos-title" className="audition-detail__subtitle">
              {`사진 (${photos.length}장)`}
            </h2>
            <ul className="audition-photos">
              {photos.map((photo) => (
                <li key={photo.id}>
                  <a href={photo.href} target="_blank" rel="noopener">
                    <img src={photo.thumbHref} alt={`${photo.label} (원본 크게 보기)`} width={160} height={Math.max(1, Math.round((160 * photo.height) / photo.width))} loading="lazy" />
                  </a>
                  <DownloadReasonForm fileId={photo.id} summary={`${photo.label} 내려받기`} reasons={reasons} maxLength={reasonMaxLength} reply={downloadReply} />
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="video-title">
            <h2 id="video-title" className="audition-detail__subtitle">
              자기소개 영상
            </h2>
            {video?.kind === "file" ? (
              <div className="audition-video">
                {/* preload="none": the video is fetched (and its viewing recorded) when someone plays it, not with the page. */}
                <video controls preload="none" src={video.href} aria-labelledby="video-title">
                  이 브라우저에서는 영상을 재생할 수 없습니다. 아래에서 내려받아 보세요.
                </video>
                <DownloadReasonForm fileId={video.id} summary={`영상 파일 내려받기 (${video.size})`} reasons={reasons} maxLength={reasonMaxLength} reply={downloadReply} />
              </div>
            ) : video?.kind === "link" ? (
              <p>
                <a href={video.href} target="_blank" rel="noopener noreferrer">
                  {`${video.hostLabel}에서 영상 보기`}
                </a>
                <span className="audition-detail__url">{video.href}</span>
              </p>
            ) : (
              <p className="audition-detail__none">영상이 없습니다.</p>
            )}
          </section>

          <section aria-labelledby="career-title">
            <h2 id="career-title" className="audition-detail__subtitle">
              경력·교육
            </h2>
            <Paragraphs text={a.career} />
          </section>
          <section aria-labelledby="intro-title">
            <h2 id="intro-title" className="audition-detail__subtitle">
              자기소개
            </h2>
            <Paragraphs text={a.introduction} />
          </section>
        </div>

        {/* A part of the page's main content, not a landmark of its own beside it (an aside inside main is not top-level). */}
        <section className="audition-detail__review" aria-label="심사">
          <Form method="post" className="admin-form audition-review" noValidate>
            <h2 className="audition-detail__subtitle">
              상태 <span className={`status-badge status-badge--audition-${a.status}`}>{a.statusLabel}</span>
            </h2>
            {a.decidedAt ? <p className="workspace-help">최종 결과 {a.decidedAt} · 이날부터 보관 기간을 계산합니다.</p> : null}
            <Field name="status" label="바꿀 상태" error={statusError}>
              {(control) => (
                <select {...control} defaultValue={a.status}>
                  {statusOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="admin-form__actions">
              <button type="submit" name="intent" value="status" className="button" disabled={busy}>
                상태 바꾸기
              </button>
            </div>
          </Form>

          <section aria-labelledby="history-title">
            <h2 id="history-title" className="audition-detail__subtitle">
              상태 기록
            </h2>
            {history.length === 0 ? (
              <p className="audition-detail__none">아직 기록이 없습니다.</p>
            ) : (
              <ol className="audition-history">
                {history.map((change) => (
                  <li key={change.id}>
                    <span className="audition-history__change">{change.from ? `${change.from} → ${change.to}` : change.to}</span>
                    <span className="audition-history__meta">
                      {change.when} · {change.who}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <Form method="post" className="admin-form audition-notes" noValidate>
            <Field name="notes" label="내부 메모" labelClassName="field__label audition-detail__subtitle" hint={`지원자에게는 보이지 않습니다. (${notesMaxLength}자 이하)`} error={notesError}>
              {(control) => <textarea {...control} rows={6} defaultValue={formReply?.values?.notes ?? a.notes} maxLength={notesMaxLength} />}
            </Field>
            <div className="admin-form__actions">
              <button type="submit" name="intent" value="notes" className="button" disabled={busy}>
                메모 저장
              </button>
            </div>
          </Form>
        </section>
      </div>

      {/* Destructive actions come last, after everything the application holds (as elsewhere in the workspace). */}
      <section className="audition-detail__danger" aria-labelledby="danger-title">
        <h2 id="danger-title" className="audition-detail__subtitle">
          지원서 삭제
        </h2>
        <p className="workspace-help">지원자가 개인정보 삭제를 요청했을 때 씁니다. 다음 화면에서 한 번 더 확인합니다.</p>
        <Link to="?delete" className="button button--small button--danger">
          지원자 요청으로 삭제
        </Link>
      </section>
    </WorkspacePage>
  );
}
