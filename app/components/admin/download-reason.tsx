import { useFetcher } from "react-router";
import { FilterSelect } from "./workspace-ui";
import { Field } from "../../widgets/field";
/**
 * The reason asked for before an applicant's file or the application list leaves the site (decision
 * 039): a short choice and, for 기타, a few words. Plain form fields: they work without JavaScript, and
 * the server checks them.
 */

export interface ReasonOption {
  value: string;
  label: string;
}

export function DownloadReasonFields({ reasons, maxLength, legend }: { reasons: readonly ReasonOption[]; maxLength: number; legend?: string }) {
  const fields = (
    <>
      <FilterSelect label="이유" name="reason" value="" options={reasons} any="이유 선택" />
      <label className="field">
        <span className="field__label">자세한 이유 (‘기타’는 꼭 적어 주세요)</span>
        <input type="text" name="reasonText" maxLength={maxLength} autoComplete="off" />
      </label>
    </>
  );
  // With a legend (the export beside other bulk actions), the two fields are a group of their own.
  if (!legend) return <div className="download-reason__fields">{fields}</div>;
  return (
    <fieldset className="download-reason__fields">
      <legend className="field__label">{legend}</legend>
      {fields}
    </fieldset>
  );
}

/** A download form's refusal: the messages by field and what was chosen and typed. */
export interface DownloadReply {
  fields: Record<string, string>;
  values: { file: string; reason: string; reasonText: string } | null;
}

/**
 * One file's download (decision 066), folded under its link text so the page stays calm (`<details>`
 * opens without JavaScript): the reason is required and goes in a POST body to the application's page.
 * Refused, the form stays open with the message beside the field and the choice kept: in place with
 * JavaScript (a fetcher), or in the page drawn again without it (`reply`). Accepted, the browser is sent
 * to the file's one-time address and saves the file without leaving the page.
 */
export function DownloadReasonForm({
  fileId,
  summary,
  reasons,
  maxLength,
  reply,
}: {
  fileId: string;
  summary: string;
  reasons: readonly ReasonOption[];
  maxLength: number;
  /** The page's action answer when it was this file's refusal (without JavaScript). */
  reply?: DownloadReply;
}) {
  const fetcher = useFetcher<DownloadReply>({ key: `download-${fileId}` });
  const answer = fetcher.data?.values?.file === fileId ? fetcher.data : reply?.values?.file === fileId ? reply : undefined;
  const errors = answer?.fields ?? {};
  const values = answer?.values;
  const id = (name: string) => `download-${fileId}-${name}`;
  const firstError = errors.reason ? "reason" : errors.reasonText ? "reasonText" : null;
  return (
    <details className="download-reason" open={answer ? true : undefined}>
      <summary>{summary}</summary>
      {/* The key draws the fields again with what was sent after each refusal (their values are the form's own). */}
      <fetcher.Form method="post" className="download-reason__form" noValidate key={answer ? JSON.stringify(answer) : "new"}>
        <input type="hidden" name="intent" value="download" />
        <input type="hidden" name="file" value={fileId} />
        <div className="download-reason__fields">
          <Field name={id("reason")} label="내려받는 이유" required error={errors.reason}>
            {(control) => (
              <select {...control} name="reason" defaultValue={values?.reason ?? ""} autoFocus={firstError === "reason" || undefined}>
                <option value="">이유 선택</option>
                {reasons.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name={id("reasonText")} label="자세한 이유" hint="‘기타’를 고르면 꼭 적어 주세요." error={errors.reasonText}>
            {(control) => <input {...control} name="reasonText" type="text" maxLength={maxLength} autoComplete="off" defaultValue={values?.reasonText ?? ""} autoFocus={firstError === "reasonText" || undefined} />}
          </Field>
        </div>
        <button type="submit" className="button button--small" disabled={fetcher.state === "submitting"}>
          내려받기
        </button>
      </fetcher.Form>
    </details>
  );
}
