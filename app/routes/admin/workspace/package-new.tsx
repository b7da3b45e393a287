import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/package-new";
import { MAX_PACKAGE_ARTISTS, MAX_PACKAGE_MESSAGE, MAX_PACKAGE_NOTE, MAX_PACKAGE_TITLE, PACKAGE_DEFAULT_DAYS } from "../../../domain/casting-packages";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleCreatePackage, loadPackageForm } from "./packages.server";
import { WorkspacePage } from "../../../components/admin/workspace-ui";
import { Field } from "../../../widgets/field";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { FormStatus } from "../../../components/form-status";

export function loader({ context }: Route.LoaderArgs) {
  return loadPackageForm(getRequestContext(context));
}

export function action({ context, request }: Route.ActionArgs) {
  return handleCreatePackage(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("새 캐스팅 패키지");
}

/**
 * /admin/packages/new: one plain form (it works without JavaScript): who it is for, the cover message, the
 * expiry, and per artist a check box, an order number, the photos, the credits to highlight and a note.
 */
export default function PackageNew({ loaderData, actionData }: Route.ComponentProps) {
  const { artists, defaultLastDay, mailOff } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const choices = actionData?.choices ?? {};
  const submitting = useNavigation().state === "submitting";
  return (
    <WorkspacePage id="package-new" title="새 캐스팅 패키지">
      <FormStatus error={actionData?.formError} />
      <Form method="post" className="package-form" noValidate>
        <fieldset className="package-form__group">
          <legend>받는 분과 인사말</legend>
          <Field name="title" label="제목" required hint="예: 〈가제〉 시리즈 캐스팅 제안" error={errors.title}>
            {(control) => <input {...control} type="text" maxLength={MAX_PACKAGE_TITLE} defaultValue={values.title ?? ""} />}
          </Field>
          <Field name="recipientCompany" label="받는 회사" required error={errors.recipientCompany}>
            {(control) => <input {...control} type="text" maxLength={100} autoComplete="organization" defaultValue={values.recipientCompany ?? ""} />}
          </Field>
          <Field name="recipientName" label="받는 사람" required hint="예: 김하늘 캐스팅 디렉터" error={errors.recipientName}>
            {(control) => <input {...control} type="text" maxLength={60} autoComplete="name" defaultValue={values.recipientName ?? ""} />}
          </Field>
          <Field
            name="recipientEmail"
            label="받는 사람 이메일"
            optional
            hint={mailOff ? "메일 발송이 설정되지 않아 링크를 직접 전해야 합니다. 적어 두면 패키지 화면에서 받는 분을 확인할 수 있습니다." : "적고 ‘만들고 이메일로 보내기’를 누르면 링크를 이 주소로 바로 보냅니다. ‘패키지 만들기’만 누르면 보내지 않습니다."}
            error={errors.recipientEmail}
          >
            {(control) => <input {...control} type="email" maxLength={200} autoComplete="email" defaultValue={values.recipientEmail ?? ""} />}
          </Field>
          <Field name="locale" label="받는 분이 보는 언어" error={errors.locale}>
            {(control) => (
              <select {...control} defaultValue={values.locale ?? "ko"}>
                <option value="ko">한국어</option>
                <option value="en">영어</option>
              </select>
            )}
          </Field>
          <Field name="message" label="인사말" optional hint={`패키지 맨 위에 보입니다. 최대 ${MAX_PACKAGE_MESSAGE.toLocaleString("ko-KR")}자.`} error={errors.message}>
            {(control) => <textarea {...control} rows={5} maxLength={MAX_PACKAGE_MESSAGE} defaultValue={values.message ?? ""} />}
          </Field>
          <Field name="expiresOn" label="링크를 열 수 있는 마지막 날 (한국 시간)" hint={`기본은 오늘부터 ${PACKAGE_DEFAULT_DAYS}일 뒤입니다. 그날 자정이 지나면 링크가 닫힙니다.`} error={errors.expiresOn}>
            {(control) => <input {...control} type="date" defaultValue={values.expiresOn || defaultLastDay} />}
          </Field>
        </fieldset>

        <fieldset className="package-form__group" aria-describedby={errors.artists ? "artists-error" : "artists-hint"}>
          <legend>배우</legend>
          <p className="field__hint" id="artists-hint">
            {`넣을 배우를 체크하고 순서 칸에 1, 2, 3처럼 보여 줄 순서를 적으세요(최대 ${MAX_PACKAGE_ARTISTS}명). 사진을 고르지 않으면 대표 사진이 보입니다.`}
          </p>
          {errors.artists ? (
            <p className="field__error" id="artists-error">
              {errors.artists}
            </p>
          ) : null}
          {artists.length === 0 ? <p className="workspace-empty">등록된 배우가 없습니다. 먼저 배우를 등록해 주세요.</p> : null}
          <ol className="package-pick">
            {artists.map((artist) => {
              const chosen = choices[String(artist.id)];
              return (
              <li key={artist.id} className="package-pick__artist">
                <div className="package-pick__head">
                  <label className="package-pick__choose">
                    <input type="checkbox" name="artist" value={artist.id} defaultChecked={chosen !== undefined} />
                    <span>{artist.name}</span>
                    {artist.nameEn ? <span className="package-pick__en" lang="en">{artist.nameEn}</span> : null}
                  </label>
                  <label className="package-pick__order">
                    <span>순서</span>
                    <input type="number" name={`order-${artist.id}`} min={1} max={MAX_PACKAGE_ARTISTS} inputMode="numeric" aria-label={`${artist.name} 순서`} defaultValue={chosen?.order ?? ""} />
                  </label>
                </div>
                <details className="package-pick__details" open={chosen !== undefined && (chosen.photos.length > 0 || chosen.credits.length > 0 || chosen.note !== "")}>
                  <summary>{`${artist.name}: 사진, 주요 출연작, ${artist.reels.length > 0 ? "영상, " : ""}메모`}</summary>
                  {artist.photos.length > 0 ? (
                    <fieldset className="package-pick__photos">
                      <legend>보여 줄 사진</legend>
                      {artist.photos.map((photo) => (
                        <label key={photo.id} className="package-pick__photo">
                          <input type="checkbox" name={`photo-${artist.id}`} value={photo.id} defaultChecked={chosen?.photos.includes(String(photo.id)) ?? false} />
                          <img src={photo.src} alt="" width={72} height={96} loading="lazy" />
                          <span>{photo.label}</span>
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                  {artist.credits.map((list) => (
                    <fieldset key={list.field} className="package-pick__credits">
                      <legend>{`강조할 ${list.label}`}</legend>
                      {list.entries.map((entry, index) => (
                        <label key={index}>
                          <input type="checkbox" name={`credit-${artist.id}`} value={`${list.field}|${entry}`} defaultChecked={chosen?.credits.includes(`${list.field}|${entry}`) ?? false} /> {entry}
                        </label>
                      ))}
                    </fieldset>
                  ))}
                  {artist.reels.length > 0 ? (
                    <fieldset className="package-pick__credits">
                      <legend>보여 줄 영상</legend>
                      {artist.reels.map((reel, index) => (
                        <label key={reel.key}>
                          <input type="radio" name={`reel-${artist.id}`} value={reel.key} defaultChecked={chosen?.reel ? chosen.reel === reel.key : index === 0} /> {reel.label}
                        </label>
                      ))}
                      <label>
                        <input type="radio" name={`reel-${artist.id}`} value="none" defaultChecked={chosen?.reel === "none"} /> 영상 없이
                      </label>
                    </fieldset>
                  ) : null}
                  <Field name={`note-${artist.id}`} label={`${artist.name}에 대한 메모`} optional hint={`받는 분께 보입니다. 최대 ${MAX_PACKAGE_NOTE}자.`} error={errors[`note-${artist.id}`]}>
                    {(control) => <textarea {...control} rows={2} maxLength={MAX_PACKAGE_NOTE} defaultValue={chosen?.note ?? ""} />}
                  </Field>
                </details>
              </li>
              );
            })}
          </ol>
        </fieldset>
        <div className="package-form__actions">
          <button type="submit" name="intent" value="create" className="button" disabled={submitting}>
            {submitting ? "만드는 중..." : "패키지 만들기"}
          </button>
          {mailOff ? null : (
            <button type="submit" name="intent" value="create-send" className="button button--ghost" disabled={submitting}>
              만들고 이메일로 보내기
            </button>
          )}
          <Link to={WORKSPACE_PATHS.packages} className="button button--ghost">
            취소
          </Link>
        </div>
      </Form>
    </WorkspacePage>
  );
}
