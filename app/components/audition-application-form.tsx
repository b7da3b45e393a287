import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  AUDITION_CONSENT,
  AUDITION_FIELD_ORDER,
  AUDITION_FILE_FIELDS,
  AUDITION_PATHS,
  ageOn,
  auditionField,
  GENDER_LABELS,
  GENDERS,
  GUARDIAN_AGE,
  MAX_AUDITION_PHOTO_BYTES,
  MAX_AUDITION_PHOTOS,
  MAX_AUDITION_VIDEO_BYTES,
  MIN_AUDITION_PHOTOS,
  retentionSentence,
  type AuditionField,
  type AuditionFormValues,
} from "../domain/audition-constants";
import { kstDate } from "../domain/kst";
import { useHydrated } from "../lib/use-hydrated";
import { widgetRoot } from "../widgets/widget-root";
import { describedByOf, Field, FieldMessages } from "../widgets/field";

/**
 * The online audition application (/audition/apply). A native multipart form that works without
 * JavaScript; with it, the form is sent by XMLHttpRequest to show upload progress (a video may be
 * 200 MB), the guardian's part appears only for applicants under 14, and a refused submission is shown
 * in place, so the chosen files stay chosen along with the typed text. One implementation (decision
 * 038): hydrated by React in the admin's app and, on visitors' pages, by the enhancement script's
 * Preact (loaded only on this page), so this module and what it imports must not pull in zod.
 */

export interface ApplyFormReply {
  formError: string;
  errors: Record<string, string>;
  values: AuditionFormValues;
  stamp: string;
  filesDropped: boolean;
}

const MB = 1024 * 1024;
type InputKey = Extract<AuditionField, { control: "input" }>["key"];
type TextareaKey = Extract<AuditionField, { control: "textarea" }>["key"];
/** A field's label and required mark, from the field model (audition-fields.ts). */
const labelOf = (key: AuditionField["key"]) => auditionField(key).label;
const requiredOf = (key: AuditionField["key"]) => ("required" in auditionField(key) ? true : undefined);

export function AuditionApplicationForm({ stamp, retentionDays, reply, honeypotField, stampField }: { stamp: string; retentionDays: number; reply: ApplyFormReply | null; honeypotField: string; stampField: string }) {
  const hydrated = useHydrated();
  const [clientReply, setClientReply] = useState<ApplyFormReply | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const current = clientReply ?? reply;
  const values = current?.values ?? {};
  const errors = current?.errors ?? {};
  const [birthDate, setBirthDate] = useState(values.birthDate ?? "");
  const summaryRef = useRef<HTMLDivElement>(null);
  const today = kstDate(new Date());
  const underAge = /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && birthDate <= today ? ageOn(birthDate, today) < GUARDIAN_AGE : false;
  // Without JavaScript the guardian's part is always there (it says who fills it in); with it, only when needed.
  const showGuardian = !hydrated || underAge || Boolean(errors.guardianName || errors.guardianPhone || errors.guardianConsent);

  useEffect(() => {
    if (current?.formError) summaryRef.current?.focus();
  }, [current]);

  // The controls spell their attributes out in this order: visitors' pages must stay byte-identical.
  const input = (name: InputKey) => {
    const field: Extract<AuditionField, { control: "input" }> = auditionField(name);
    return (
      <Field name={name} id={`apply-${name}`} label={field.label} hint={"hint" in field ? field.hint : undefined} error={errors[name]} required={requiredOf(name)} requiredClassName="apply-form__required">
        {(control) => (
          <input
            id={control.id}
            name={name}
            type="text"
            defaultValue={values[name] ?? ""}
            aria-invalid={control["aria-invalid"]}
            aria-describedby={control["aria-describedby"]}
            aria-required={control["aria-required"]}
            {...field.attributes}
          />
        )}
      </Field>
    );
  };

  const textarea = (name: TextareaKey) => (
    <Field name={name} id={`apply-${name}`} label={labelOf(name)} hint={auditionField(name).hint} error={errors[name]} required={requiredOf(name)} requiredClassName="apply-form__required">
      {(control) => (
        <textarea
          id={control.id}
          name={name}
          rows={6}
          maxLength={3000}
          defaultValue={values[name] ?? ""}
          aria-invalid={control["aria-invalid"]}
          aria-describedby={control["aria-describedby"]}
          aria-required={control["aria-required"]}
        />
      )}
    </Field>
  );

  const filesAgain = reply && !clientReply && reply.filesDropped ? <strong className="apply-form__again">보안을 위해 파일은 저장하지 않았습니다. 파일을 다시 첨부해 주세요.</strong> : null;

  // A refused submission drops the chosen files (browsers cannot keep them): both file fields say so.
  const fileInput = ({ name, label, required, hint, ...props }: { name: (typeof AUDITION_FILE_FIELDS)[keyof typeof AUDITION_FILE_FIELDS]; label: ReactNode; required?: boolean; hint: ReactNode; multiple?: boolean; accept: string }) => (
    <Field
      name={name}
      id={`apply-${name}`}
      label={label}
      required={required}
      requiredClassName="apply-form__required"
      error={errors[name]}
      hint={
        <>
          {hint}
          {filesAgain ? <> {filesAgain}</> : null}
        </>
      }
    >
      {(control) => (
        <input
          id={control.id}
          type="file"
          name={name}
          {...props}
          aria-invalid={control["aria-invalid"]}
          aria-describedby={control["aria-describedby"]}
        />
      )}
    </Field>
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    if (typeof XMLHttpRequest === "undefined") return;
    event.preventDefault();
    if (progress) return;
    const form = event.currentTarget;
    const body = new FormData(form);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", AUDITION_PATHS.submit);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    setProgress({ loaded: 0, total: 1 });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress({ loaded: e.loaded, total: e.total });
    };
    const failed = (message: string) => {
      setProgress(null);
      setClientReply({ formError: message, errors: {}, values: {}, stamp: (form.elements.namedItem(stampField) as HTMLInputElement | null)?.value ?? stamp, filesDropped: false });
    };
    xhr.onerror = () => failed("지원서를 보내는 중에 연결이 끊겼습니다. 인터넷 연결을 확인한 뒤 다시 제출해 주세요.");
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      const answer = xhr.response as (Partial<ApplyFormReply> & { location?: string; message?: string }) | null;
      if (xhr.status === 200 && answer?.location) {
        window.location.assign(answer.location);
        return;
      }
      setProgress(null);
      if (!answer || typeof answer !== "object") return failed("지원서를 접수하지 못했습니다. 잠시 후 다시 제출해 주세요.");
      setClientReply({
        formError: answer.formError ?? answer.message ?? "지원서를 접수하지 못했습니다. 잠시 후 다시 제출해 주세요.",
        errors: answer.errors ?? {},
        values: answer.values ?? {},
        stamp: answer.stamp ?? stamp,
        filesDropped: false,
      });
      // The next try needs the fresh time stamp.
      const stampInput = form.elements.namedItem(stampField) as HTMLInputElement | null;
      if (stampInput && answer.stamp) stampInput.value = answer.stamp;
    };
    xhr.send(body);
  }

  const errorList = AUDITION_FIELD_ORDER.filter((name) => errors[name]);
  const percent = progress ? Math.min(100, Math.round((progress.loaded / Math.max(1, progress.total)) * 100)) : 0;

  return (
    <form method="post" action={AUDITION_PATHS.apply} encType="multipart/form-data" className="apply-form" noValidate
      onSubmit={submit}
      aria-describedby="apply-required-note"
      data-enhanced={hydrated || undefined}
      {...widgetRoot("audition-form", { stamp, retentionDays, reply, honeypotField, stampField })}
    >
      <p className="apply-form__note" id="apply-required-note">
        (필수) 표시가 있는 항목은 꼭 입력해 주세요. 입력한 내용은 오디션 심사에만 쓰입니다.
      </p>
      {current?.formError ? (
        <div className="form-error" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{current.formError}</p>
          {errorList.length > 0 ? (
            <ul className="apply-form__error-list">
              {errorList.map((name) => (
                <li key={name}>
                  <a href={`#apply-${name}`}>{errors[name]}</a>
                </li>
              ))}
            </ul>
          ) : null}
          {filesAgain ? <p>사진과 영상 파일을 다시 첨부해 주세요.</p> : null}
        </div>
      ) : null}

      <input type="hidden" name={stampField} defaultValue={current?.stamp ?? stamp} key={current?.stamp ?? stamp} />
      <div className="apply-form__trap" aria-hidden="true">
        <label htmlFor={`apply-${honeypotField}`}>이 칸은 비워 두세요</label>
        <input id={`apply-${honeypotField}`} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <fieldset className="apply-form__group">
        <legend>기본 정보</legend>
        <div className="apply-form__grid">
          {input("name")}
          <Field
            name="birthDate"
            id="apply-birthDate"
            label={labelOf("birthDate")}
            required
            requiredClassName="apply-form__required"
            hint={`예: 2005-03-14. 만 ${GUARDIAN_AGE}세 미만이면 법정대리인의 동의가 필요합니다.`}
            error={errors.birthDate}
          >
            {(control) => (
              <input
                id={control.id}
                name="birthDate"
                type="date"
                min="1920-01-01"
                max={today}
                defaultValue={values.birthDate ?? ""}
                onInput={(e) => setBirthDate(e.currentTarget.value)}
                autoComplete="bday"
                aria-required
                aria-invalid={control["aria-invalid"]}
                aria-describedby={control["aria-describedby"]}
              />
            )}
          </Field>
          <fieldset className="field apply-form__choices" aria-describedby={describedByOf("gender", { error: errors.gender })}>
            <legend className="field__label">
              {labelOf("gender")}<span className="apply-form__required"> (필수)</span>
            </legend>
            <div className="apply-form__options">
              {GENDERS.map((gender) => (
                <label key={gender} className="apply-form__option">
                  <input type="radio" name="gender" value={gender} defaultChecked={values.gender === gender} aria-invalid={errors.gender ? true : undefined} />
                  {GENDER_LABELS[gender]}
                </label>
              ))}
            </div>
            <FieldMessages name="gender" error={errors.gender} />
          </fieldset>
          {input("phone")}
          {input("email")}
          {input("height")}
          {input("weight")}
        </div>
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>경력과 자기소개</legend>
        {textarea("career")}
        {textarea("introduction")}
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>사진과 영상</legend>
        {fileInput({
          name: AUDITION_FILE_FIELDS.photos,
          label: (
            <>
              {`${labelOf("photos")} `}{MIN_AUDITION_PHOTOS}~{MAX_AUDITION_PHOTOS}장
            </>
          ),
          required: requiredOf("photos"),
          hint: (
            <>
              최근 3개월 안에 찍은 얼굴 사진과 전신 사진을 꼭 넣어 주세요. JPEG, PNG, WebP 파일, 장당 {MAX_AUDITION_PHOTO_BYTES / MB}MB 이하. 사진 속 위치 정보 등은 지우고 저장합니다.
            </>
          ),
          multiple: true,
          accept: "image/jpeg,image/png,image/webp,image/avif,image/heic,.jpg,.jpeg,.png,.webp,.avif",
        })}
        {fileInput({
          name: AUDITION_FILE_FIELDS.video,
          label: labelOf("videoFile"),
          hint: (
            <>
              1~2분 길이의 자유 연기나 자기소개 영상. MP4 또는 MOV 파일, {MAX_AUDITION_VIDEO_BYTES / MB}MB 이하. 파일 대신 아래에 영상 주소를 적어도 됩니다.
            </>
          ),
          accept: "video/mp4,video/quicktime,.mp4,.mov",
        })}
        {input("videoUrl")}
      </fieldset>

      {showGuardian ? (
        <fieldset className="apply-form__group apply-form__guardian">
          <legend>법정대리인 (만 {GUARDIAN_AGE}세 미만 지원자만 작성)</legend>
          <p className="field__hint">만 {GUARDIAN_AGE}세 미만 아동의 개인정보를 처리하려면 법정대리인(부모님 등)의 동의가 필요합니다(개인정보 보호법 제22조의2).</p>
          <div className="apply-form__grid">
            {input("guardianName")}
            {input("guardianPhone")}
          </div>
          <div className="field apply-form__check">
            <label htmlFor="apply-guardianConsent">
              <input
                id="apply-guardianConsent"
                type="checkbox"
                name="guardianConsent"
                defaultChecked={values.guardianConsent === "on"}
                aria-invalid={errors.guardianConsent ? true : undefined}
                aria-describedby={describedByOf("guardianConsent", { error: errors.guardianConsent })}
              />
              {labelOf("guardianConsent")}
            </label>
            <FieldMessages name="guardianConsent" error={errors.guardianConsent} />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="apply-form__group apply-form__consent">
        <legend>개인정보 수집·이용 동의 (필수)</legend>
        <table className="consent-table">
          <tbody>
            <tr>
              <th scope="row">수집·이용 목적</th>
              <td>{AUDITION_CONSENT.purpose}</td>
            </tr>
            <tr>
              <th scope="row">수집 항목</th>
              <td>
                필수: {AUDITION_CONSENT.requiredItems.join(", ")}
                <br />
                선택: {AUDITION_CONSENT.optionalItems.join(", ")}
                <br />
                만 {GUARDIAN_AGE}세 미만: {AUDITION_CONSENT.guardianItems.join(", ")}
              </td>
            </tr>
            <tr>
              <th scope="row">보유·이용 기간</th>
              <td>{retentionSentence(retentionDays)}</td>
            </tr>
          </tbody>
        </table>
        <p className="apply-form__refusal">{AUDITION_CONSENT.refusal}</p>
        <div className="field apply-form__check">
          <label htmlFor="apply-consent">
            <input
              id="apply-consent"
              type="checkbox"
              name="consent"
              defaultChecked={values.consent === "on"}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={describedByOf("consent", { error: errors.consent })}
            />
            {labelOf("consent")}
          </label>
          <FieldMessages name="consent" error={errors.consent} />
        </div>
        <p className="apply-form__policy">
          자세한 내용은 <a href={AUDITION_PATHS.privacy}>개인정보처리방침</a>에서 볼 수 있습니다.
        </p>
      </fieldset>

      <div className="apply-form__actions">
        <button type="submit" className="button" disabled={Boolean(progress)}>
          {progress ? "보내는 중..." : "지원서 제출"}
        </button>
        <div className="apply-form__progress" role="status" aria-live="polite">
          {progress ? (
            <>
              <progress max={100} value={percent} aria-label="지원서 전송 진행률" />
              <span>
                지원서를 보내는 중입니다. {percent}%
                {progress.total > 5 * MB ? ` (${(progress.loaded / MB).toFixed(0)}MB / ${(progress.total / MB).toFixed(0)}MB)` : ""}
                {percent >= 100 ? " 사진을 확인하고 있습니다..." : ""}
              </span>
            </>
          ) : null}
        </div>
      </div>
    </form>
  );
}
