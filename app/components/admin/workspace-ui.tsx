import type { ReactNode } from "react";

/** A workspace page's heading: a small line above (ADMIN, or where the page belongs), the title, and its actions. */
export function WorkspaceHeader({ titleId, title, eyebrow = "ADMIN", actions }: { titleId: string; title: ReactNode; eyebrow?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="workspace-page__header">
      <p className="workspace-page__eyebrow">{eyebrow}</p>
      <h1 id={titleId} className="workspace-page__title">
        {title}
      </h1>
      {actions ? <div className="workspace-page__actions">{actions}</div> : null}
    </header>
  );
}

/** One choice of a list filter (a GET form): a labelled select, "전체" first unless every option is listed. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  any = "전체",
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The "no filter" option's label, or null when the options already include it. */
  any?: string | null;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select name={name} defaultValue={value}>
        {any === null ? null : <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
