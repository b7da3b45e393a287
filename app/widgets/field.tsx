import type { ReactNode } from "react";

/**
 * One form field's frame, shared by every form (admin and public): the label, the control, its hint,
 * an optional note and the error message, with the ids that tie them together. The messages' ids are
 * `${name}-hint`, `${name}-error` (what the server-side validation and the visitors' enhancement script
 * address) and the control lists them in `aria-describedby`: error first, so a screen reader says what
 * is wrong before the general hint.
 */

/** What the control inside a Field spreads onto itself. */
export interface FieldControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
}

export interface FieldProps {
  /** The form field's name; also the stem of the hint's and the error's ids. */
  name: string;
  /** The control's id (the label points at it); the name when not given. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A second message under the hint (the settings form's "still a demo value"); null for none. */
  note?: { id: string; className: string; text: ReactNode } | null;
  error?: string | undefined;
  /** " (필수)" after the label and `aria-required` on the control. */
  required?: boolean;
  /** The required marker's class: forms style it their own way. */
  requiredClassName?: string;
  /** The required marker's text in the form's language (" (필수)" unless given). */
  requiredMark?: string;
  /** " (선택)" after the label. */
  optional?: boolean;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The `aria-describedby` of a control with these messages (undefined when it has none). */
export function describedByOf(name: string, { error, note, hint }: { error?: unknown; note?: string | null; hint?: unknown }): string | undefined {
  return [error ? `${name}-error` : null, note ?? null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
}

export function Field({ name, id = name, label, hint, note, error, required, requiredClassName = "field__required", requiredMark = " (필수)", optional, className = "field", labelClassName = "field__label", children }: FieldProps) {
  const control: FieldControlProps = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedByOf(name, { error, note: note?.id, hint }),
    "aria-required": required || undefined,
  };
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
        {optional ? " (선택)" : null}
        {required ? <span className={requiredClassName}>{requiredMark}</span> : null}
      </label>
      {children(control)}
      <FieldMessages name={name} hint={hint} note={note} error={error} />
    </div>
  );
}

/** A field's hint, note and error message, for controls framed by their own markup (a fieldset, an island). */
export function FieldMessages({ name, hint, note, error }: Pick<FieldProps, "name" | "hint" | "note" | "error">) {
  return (
    <>
      {hint ? (
        <span className="field__hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {note ? (
        <span className={note.className} id={note.id}>
          {note.text}
        </span>
      ) : null}
      <FieldError name={name} error={error} />
    </>
  );
}

/** The error message of the field `name`, or nothing. */
export function FieldError({ name, error, as: Tag = "span" }: { name: string; error: string | undefined; as?: "span" | "p" }) {
  return error ? (
    <Tag className="field__error" id={`${name}-error`}>
      {error}
    </Tag>
  ) : null;
}
