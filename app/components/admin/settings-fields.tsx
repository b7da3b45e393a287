import type { ReactNode } from "react";
import type { SettingField, SettingsGroup } from "../../domain/setting-fields";
import { Field } from "../../widgets/field";

const DEMO_MESSAGE = "예시 값입니다. 실제 정보로 바꿔 주세요.";

export interface SettingsFieldsProps {
  fields: readonly SettingField[];
  groups: readonly SettingsGroup[];
  /** The text in each field (the stored values, or what was typed before a refused save). */
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  /** Fields still holding the demo's placeholder ("예시 값입니다"). */
  demo: ReadonlySet<string>;
  /** What a group shows before its fields (a note) and after them (the map preview), by group id. */
  extras?: Readonly<Record<string, { before?: ReactNode; after?: ReactNode }>>;
}

/**
 * The settings form's fieldsets, drawn from the field model: each group's one-line fields in a grid,
 * then its long texts, then the groups nested in it. The form element, the file field and the submit
 * button stay with the page.
 */
export function SettingsFields(props: SettingsFieldsProps) {
  return (
    <>
      {props.groups
        .filter((group) => !group.parent)
        .map((group) => (
          <SettingsFieldset key={group.id} group={group} className="settings-form__group" {...props} />
        ))}
    </>
  );
}

function SettingsFieldset({ group, className, ...props }: SettingsFieldsProps & { group: SettingsGroup; className: string }) {
  const fields = props.fields.filter((field) => field.group === group.id);
  const short = fields.filter((field) => field.widget.type !== "textarea");
  const long = fields.filter((field) => field.widget.type === "textarea");
  const extras = props.extras?.[group.id];
  const hintId = group.hint ? `${group.id}-hint` : undefined;
  return (
    <fieldset className={className} aria-describedby={hintId}>
      <legend>{group.legend}</legend>
      {group.hint ? (
        <p className="field__hint settings-form__note" id={hintId}>
          {group.hint}
        </p>
      ) : null}
      {extras?.before}
      {short.length > 0 ? (
        <div className="admin-form__grid">
          {short.map((field) => (
            <SettingInput key={field.key} field={field} {...props} />
          ))}
        </div>
      ) : null}
      {long.map((field) => (
        <SettingInput key={field.key} field={field} {...props} />
      ))}
      {extras?.after}
      {props.groups
        .filter((child) => child.parent === group.id)
        .map((child) => (
          <SettingsFieldset key={child.id} group={child} className="settings-form__subgroup" {...props} />
        ))}
    </fieldset>
  );
}

function SettingInput({ field, values, errors, demo }: SettingsFieldsProps & { field: SettingField }) {
  const error = errors[field.key];
  const value = values[field.key] ?? "";
  const { type, options: _options, ...attributes } = field.widget;
  return (
    <Field
      name={field.key}
      label={field.label.ko}
      optional={field.optional}
      hint={field.help?.ko}
      error={error}
      note={demo.has(field.key) && !error ? { id: `${field.key}-demo`, className: "field__demo", text: DEMO_MESSAGE } : null}
    >
      {(control) =>
        type === "textarea" ? (
          <textarea rows={6} {...control} defaultValue={value} lang={field.lang} />
        ) : type === "select" ? (
          <select {...control} defaultValue={value}>
            {field.widget.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input type={type} {...control} defaultValue={value} lang={field.lang} {...attributes} />
        )
      }
    </Field>
  );
}
