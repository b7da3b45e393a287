import { FilterSelect } from "./workspace-ui";
/**
 * The reason asked for before an applicant's file or the application list leaves the site (decision
 * 039): a short choice and, for 기타, a few words. Plain form fields: they work without JavaScript, and
 * the server checks them (a download without a reason is refused with a 400 page).
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

/**
 * A file's download as a small GET form (`?download=1&reason=…`), folded under its link text so the
 * page stays calm; `<details>` opens without JavaScript.
 */
export function DownloadReasonForm({ href, summary, reasons, maxLength }: { href: string; summary: string; reasons: readonly ReasonOption[]; maxLength: number }) {
  return (
    <details className="download-reason">
      <summary>{summary}</summary>
      <form method="get" action={href} className="download-reason__form">
        <input type="hidden" name="download" value="1" />
        {/* The summary names the file; the fields say what is asked. */}
        <DownloadReasonFields reasons={reasons} maxLength={maxLength} />
        <button type="submit" className="button button--small">
          내려받기
        </button>
      </form>
    </details>
  );
}
