import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import {
  AUDITION_FIELD_ORDER,
  AUDITION_FILE_FIELDS,
  AUDITION_PATHS,
  ageOn,
  auditionConsent,
  chosenPhotosProblem,
  auditionField,
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
import { auditionTexts } from "../domain/audition-texts";
import { kstDate } from "../domain/kst";
import { localizedPath, type Locale } from "../domain/locale";
import { useHydrated } from "../lib/use-hydrated";
import { widgetRoot } from "../widgets/widget-root";
import { describedByOf, Field, FieldMessages } from "../widgets/field";

/**
 * The online audition application (/audition/apply, and in English /en/audition/apply: decision 065).
 * A native multipart form that works without JavaScript; with it, the form is sent by XMLHttpRequest to show upload progress (a video may be
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
const requiredOf = (key: AuditionField["key"]) => ("required" in auditionField(key) ? true : undefined);

export function AuditionApplicationForm({
  stamp,
  retentionDays,
  reply,
  honeypotField,
  stampField,
  locale = "ko",
}: {
  stamp: string;
  retentionDays: number;
  reply: ApplyFormReply | null;
  honeypotField: string;
  stampField: string;
  locale?: Locale;
}) {
  const hydrated = useHydrated();
  const t = auditionTexts(locale);
  const english = locale === "en";
  const consent = auditionConsent(locale);
  /** A field's label from the field model (audition-fields.ts), in the form's language. */
  const labelOf = (key: AuditionField["key"]) => (english ? auditionField(key).labelEn : auditionField(key).label);
  const [clientReply, setClientReply] = useState<ApplyFormReply | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  // The chosen photos' problem, found in the browser the moment they are chosen (null: none or not checked).
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const current = clientReply ?? reply;
  const values = current?.values ?? {};
  const serverErrors = current?.errors ?? {};
  const errors: Record<string, string> = photoProblem ? { ...serverErrors, photos: photoProblem } : serverErrors;
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
      <Field
        name={name}
        id={`apply-${name}`}
        label={labelOf(name)}
        hint={"hint" in field ? (english ? field.hintEn : field.hint) : undefined}
        error={errors[name]}
        required={requiredOf(name)}
        requiredClassName="apply-form__required"
        requiredMark={t.requiredMark}
      >
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
    <Field
      name={name}
      id={`apply-${name}`}
      label={labelOf(name)}
      hint={english ? auditionField(name).hintEn : auditionField(name).hint}
      error={errors[name]}
      required={requiredOf(name)}
      requiredClassName="apply-form__required"
      requiredMark={t.requiredMark}
    >
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

  const filesAgain = reply && !clientReply && reply.filesDropped ? <strong className="apply-form__again">{t.filesAgain}</strong> : null;

  // A refused submission drops the chosen files (browsers cannot keep them): both file fields say so.
  const fileInput = ({
    name,
    label,
    required,
    hint,
    ...props
  }: {
    name: (typeof AUDITION_FILE_FIELDS)[keyof typeof AUDITION_FILE_FIELDS];
    label: ReactNode;
    required?: boolean;
    hint: ReactNode;
    multiple?: boolean;
    accept: string;
    onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  }) => (
    <Field
      name={name}
      id={`apply-${name}`}
      label={label}
      required={required}
      requiredClassName="apply-form__required"
      requiredMark={t.requiredMark}
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
    xhr.open("POST", localizedPath(locale, AUDITION_PATHS.submit));
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
    xhr.onerror = () => failed(t.connectionLost);
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      const answer = xhr.response as (Partial<ApplyFormReply> & { location?: string; message?: string }) | null;
      if (xhr.status === 200 && answer?.location) {
        window.location.assign(answer.location);
        return;
      }
      setProgress(null);
      if (!answer || typeof answer !== "object") return failed(t.notReceived);
      // The server has now judged the chosen photos: its word replaces the browser's.
      setPhotoProblem(null);
      setClientReply({
        formError: answer.formError ?? answer.message ?? t.notReceived,
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

  function checkPhotos(event: ChangeEvent<HTMLInputElement>) {
    setPhotoProblem(chosenPhotosProblem([...(event.currentTarget.files ?? [])], locale));
  }

  const errorList = AUDITION_FIELD_ORDER.filter((name) => serverErrors[name]);
  const percent = progress ? Math.min(100, Math.round((progress.loaded / Math.max(1, progress.total)) * 100)) : 0;

  return (
    <form method="post" action={localizedPath(locale, AUDITION_PATHS.apply)} encType="multipart/form-data" className="apply-form" noValidate
      onSubmit={submit}
      aria-describedby="apply-required-note"
      data-enhanced={hydrated || undefined}
      {...widgetRoot("audition-form", { stamp, retentionDays, reply, honeypotField, stampField, locale })}
    >
      <p className="apply-form__note" id="apply-required-note">
        {t.requiredNote}
      </p>
      {current?.formError ? (
        <div className="form-error" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{current.formError}</p>
          {errorList.length > 0 ? (
            <ul className="apply-form__error-list">
              {errorList.map((name) => (
                <li key={name}>
                  <a href={`#apply-${name}`}>{serverErrors[name]}</a>
                </li>
              ))}
            </ul>
          ) : null}
          {filesAgain ? <p>{t.filesAgainSummary}</p> : null}
        </div>
      ) : null}

      <input type="hidden" name={stampField} defaultValue={current?.stamp ?? stamp} key={current?.stamp ?? stamp} />
      <div className="apply-form__trap" aria-hidden="true">
        <label htmlFor={`apply-${honeypotField}`}>{t.honeypotLabel}</label>
        <input id={`apply-${honeypotField}`} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <fieldset className="apply-form__group">
        <legend>{t.basicsLegend}</legend>
        <div className="apply-form__grid">
          {input("name")}
          <Field
            name="birthDate"
            id="apply-birthDate"
            label={labelOf("birthDate")}
            required
            requiredClassName="apply-form__required"
            requiredMark={t.requiredMark}
            hint={t.birthDateHint(GUARDIAN_AGE)}
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
              {labelOf("gender")}<span className="apply-form__required">{t.requiredMark}</span>
            </legend>
            <div className="apply-form__options">
              {GENDERS.map((gender) => (
                <label key={gender} className="apply-form__option">
                  <input type="radio" name="gender" value={gender} defaultChecked={values.gender === gender} aria-invalid={errors.gender ? true : undefined} />
                  {t.genders[gender]}
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
        <legend>{t.careerLegend}</legend>
        {textarea("career")}
        {textarea("introduction")}
      </fieldset>

      <fieldset className="apply-form__group">
        <legend>{t.filesLegend}</legend>
        {fileInput({
          name: AUDITION_FILE_FIELDS.photos,
          label: t.photosLabel(labelOf("photos"), MIN_AUDITION_PHOTOS, MAX_AUDITION_PHOTOS),
          required: requiredOf("photos"),
          hint: t.photosHint(MAX_AUDITION_PHOTO_BYTES),
          multiple: true,
          // The formats the server decodes (HEIC is not one of them: phones convert it when sharing).
          accept: "image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif",
          onChange: checkPhotos,
        })}
        {/* Says at once what the browser found wrong with the chosen photos (the message is also next to the field). */}
        <p className="visually-hidden" role="status">
          {photoProblem}
        </p>
        {fileInput({
          name: AUDITION_FILE_FIELDS.video,
          label: labelOf("videoFile"),
          hint: t.videoHint(MAX_AUDITION_VIDEO_BYTES),
          accept: "video/mp4,video/quicktime,.mp4,.mov",
        })}
        {input("videoUrl")}
      </fieldset>

      {showGuardian ? (
        <fieldset className="apply-form__group apply-form__guardian">
          <legend>{t.guardianLegend(GUARDIAN_AGE)}</legend>
          <p className="field__hint">{t.guardianExplain(GUARDIAN_AGE)}</p>
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
        <legend>{t.consentLegend}</legend>
        <table className="consent-table">
          <tbody>
            <tr>
              <th scope="row">{t.consentPurpose}</th>
              <td>{consent.purpose}</td>
            </tr>
            <tr>
              <th scope="row">{t.consentItems}</th>
              <td>
                {t.requiredItems}: {consent.requiredItems.join(", ")}
                <br />
                {t.optionalItems}: {consent.optionalItems.join(", ")}
                <br />
                {t.guardianItems(GUARDIAN_AGE)}: {consent.guardianItems.join(", ")}
              </td>
            </tr>
            <tr>
              <th scope="row">{t.consentRetention}</th>
              <td>{retentionSentence(retentionDays, locale)}</td>
            </tr>
          </tbody>
        </table>
        <p className="apply-form__refusal">{consent.refusal}</p>
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
          {t.policy[0]}
          <a href={localizedPath(locale, AUDITION_PATHS.privacy)}>{t.policy[1]}</a>
          {t.policy[2]}
        </p>
      </fieldset>

      <div className="apply-form__actions">
        <button type="submit" className="button" disabled={Boolean(progress)}>
          {progress ? t.sending : t.submit}
        </button>
        <div className="apply-form__progress" role="status" aria-live="polite">
          {progress ? (
            <>
              <progress max={100} value={percent} aria-label={t.progressLabel} />
              <span>
                {t.progress(percent)}
                {progress.total > 5 * MB ? ` (${(progress.loaded / MB).toFixed(0)}MB / ${(progress.total / MB).toFixed(0)}MB)` : ""}
                {percent >= 100 ? t.checkingPhotos : ""}
              </span>
            </>
          ) : null}
        </div>
      </div>
    </form>
  );
}
