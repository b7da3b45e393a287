import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form's outcome in words: the error (an alert) and the notice (a status), each only when there is one.
 * `errorId` names the error for a field's `aria-describedby`.
 */
export function FormStatus({ error, notice, errorId }: { error?: string | null; notice?: string | null; errorId?: string }) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert" id={errorId}>
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/**
 * A refused form's summary at its top: the message, then one link per field message, to the field
 * (`#${idOf(name)}`). It takes focus when it appears or changes (with JavaScript) and on load (the
 * `autofocus` attribute, without it), so nobody has to look for what went wrong 2,000 px away.
 */
export function ErrorSummary({
  message,
  errors,
  order,
  idOf = (name) => name,
  listClassName = "form-error__list",
  children,
}: {
  message: string;
  errors: Readonly<Record<string, string | undefined>>;
  /** The fields in the form's order; the messages' own order when not given. */
  order?: readonly string[];
  idOf?: (name: string) => string;
  listClassName?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message, errors]);
  const names = (order ?? Object.keys(errors)).filter((name) => errors[name]);
  return (
    <div className="form-error" role="alert" tabIndex={-1} ref={ref} autoFocus>
      <p>{message}</p>
      {names.length > 0 ? (
        <ul className={listClassName}>
          {names.map((name) => (
            <li key={name}>
              <a href={`#${idOf(name)}`}>{errors[name]}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
