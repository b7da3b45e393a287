import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/** A workspace page's heading: a small line above (ADMIN, or where the page belongs), the title, and its actions. */
export function WorkspaceHeader({ titleId, title, eyebrow = "ADMIN", actions }: { titleId: string; title: ReactNode; eyebrow?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="workspace-page__header">
      <p className="workspace-page__eyebrow">{eyebrow}</p>
      <h1 id={titleId} className="workspace-page__title" tabIndex={-1}>
        {title}
      </h1>
      {actions ? <div className="workspace-page__actions">{actions}</div> : null}
    </header>
  );
}

/** A workspace page: a section named by its heading (`{id}-title`), the heading, then the page. */
export function WorkspacePage({
  id,
  className,
  children,
  ...header
}: { id: string; className?: string; title: ReactNode; eyebrow?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <section className={className ? `workspace-page ${className}` : "workspace-page"} aria-labelledby={`${id}-title`}>
      <WorkspaceHeader titleId={`${id}-title`} {...header} />
      {children}
    </section>
  );
}

/** A short list of a workspace page (the overview's cards, a package's answers): its rows, or `empty` when there are none. */
export function WorkspaceList<T>({
  rows,
  rowKey,
  empty,
  className,
  children,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
  className?: string;
  /** A row's content (inside its `<li>`). */
  children: (row: T) => ReactNode;
}) {
  if (rows.length === 0) return <p className="workspace-empty">{empty}</p>;
  return (
    <ul className={className ? `workspace-list ${className}` : "workspace-list"}>
      {rows.map((row) => (
        <li key={rowKey(row)}>{children(row)}</li>
      ))}
    </ul>
  );
}

/** A list filter's date range (KST dates, `from` and `to`), for the activity log and the access records. */
export function FilterDateRange({ from, to }: { from: string; to: string }) {
  return (
    <>
      <label className="field">
        <span className="field__label">시작일</span>
        <input type="date" name="from" defaultValue={from} />
      </label>
      <label className="field">
        <span className="field__label">종료일</span>
        <input type="date" name="to" defaultValue={to} />
      </label>
    </>
  );
}

/** One choice of a list filter (a GET form): a labelled select, "전체" first unless every option is listed. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  any = "전체",
  className = "field",
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The "no filter" option's label, or null when the options already include it. */
  any?: string | null;
  className?: string;
}) {
  return (
    <label className={className}>
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

/** A list filter's free-text search: a labelled search box. */
export function FilterSearch({ label, name, value, maxLength = 100, className }: { label: string; name: string; value: string; maxLength?: number; className?: string }) {
  return (
    <label className={className ? `field ${className}` : "field"}>
      <span className="field__label">{label}</span>
      <input type="search" name={name} defaultValue={value} maxLength={maxLength} />
    </label>
  );
}

/** A column heading of a workspace table: its text, or its content with a class of its own. */
export type WorkspaceColumn = string | { label: ReactNode; className: string };

/**
 * A workspace list's table, or `empty` when it has no rows: it scrolls sideways in its own labelled
 * region (reachable by keyboard); the column headings, then, when the rows end with links or buttons,
 * an unnamed "작업" column; `children` are the rows.
 */
export function WorkspaceTable({
  label,
  columns,
  actions = false,
  className,
  rowCount,
  empty,
  children,
}: {
  label: string;
  columns: readonly WorkspaceColumn[];
  actions?: boolean;
  className?: string;
  rowCount?: number;
  empty?: ReactNode;
  children: ReactNode;
}) {
  if (rowCount === 0 && empty !== undefined) return <p className="workspace-empty">{empty}</p>;
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `workspace-table ${className}` : "workspace-table"}>
        <thead>
          <tr>
            {columns.map((column, index) =>
              typeof column === "string" ? (
                <th key={index} scope="col">
                  {column}
                </th>
              ) : (
                <th key={index} scope="col" className={column.className}>
                  {column.label}
                </th>
              ),
            )}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">작업</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The columns every log starts with (the activity log, the access records). */
export const LOG_ENTRY_COLUMNS = ["일시 (한국 시간)", "작업자", "접속 주소"] as const;

/** A log row's first cells, under LOG_ENTRY_COLUMNS: when (KST), who, from which address. */
export function LogEntryCells({ entry }: { entry: { when: string; who: string; ip: string } }) {
  return (
    <>
      <td data-label="일시">{entry.when}</td>
      <td data-label="작업자">{entry.who}</td>
      <td data-label="접속 주소">{entry.ip}</td>
    </>
  );
}

/**
 * A confirmation page's answer (no JavaScript needed): 취소 goes back to `cancelTo`; the one dangerous
 * button posts `intent` with the hidden `fields` (a name with several values repeats the field).
 */
export function ConfirmActions({ cancelTo, intent, label, fields = {} }: { cancelTo: string; intent: string; label: string; fields?: Record<string, string | readonly string[]> }) {
  return (
    <Form method="post" className="admin-form__actions">
      <Link to={cancelTo} className="button button--ghost">
        취소
      </Link>
      {Object.entries(fields).flatMap(([name, value]) =>
        (typeof value === "string" ? [value] : value).map((v) => <input key={`${name}=${v}`} type="hidden" name={name} value={v} />),
      )}
      <button type="submit" name="intent" value={intent} className="button button--danger">
        {label}
      </button>
    </Form>
  );
}
