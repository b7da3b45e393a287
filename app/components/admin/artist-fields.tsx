import { ARTIST_FIELDS, englishFieldsOf, listFieldsOf, textFieldsOf, type ArtistFieldEntry } from "../../domain/artist-fields";
import { CONTROL_ATTRIBUTES, controlValue, storedValue } from "../../domain/artist-form-controls";
import { ListField } from "../../islands/list-field";
import { TextField } from "./admin-form-shell";

/**
 * The artist form's fields, drawn from the field model (app/domain/artist-fields.ts): the one-line
 * fields (in the form's grid), the list fields, and the English versions ("en.birthday", "en.education").
 * The values are the form's, keyed by field; a change reports the key and the new value.
 */
interface FieldsProps {
  fields?: readonly ArtistFieldEntry[];
  values: Readonly<Record<string, unknown>>;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (key: string, value: string | string[]) => void;
  /** Without JavaScript, the control a list button's reply gives the focus to (StaffFormReply.arrivalFocus). */
  arrivalFocus?: string | null;
}

/** The one-line text fields (name, English name, birthday, height, social link...). */
export function ArtistTextInputs({ fields = ARTIST_FIELDS, values, errors, onChange }: FieldsProps) {
  return textFieldsOf(fields).map((field) => {
    const stored = String(values[field.key] ?? "");
    // A typed control shows the stored text in its own form; a value it cannot show stays a text box.
    const shown = field.control ? controlValue(field.control, stored) : null;
    const control = field.control && shown !== null ? field.control : null;
    return (
      <TextField
        key={field.key}
        name={field.key}
        label={field.formLabel ?? field.label.ko}
        maxLength={control ? undefined : field.maxLength}
        placeholder={control ? undefined : field.placeholder}
        value={control ? shown! : stored}
        onChange={(value) => onChange(field.key, control ? storedValue(control, value) : value)}
        error={errors[field.key]}
        {...field.widget}
        {...(control ? CONTROL_ATTRIBUTES[control] : {})}
      />
    );
  });
}

/** The list fields, one entry per line. */
export function ArtistListInputs({ fields = ARTIST_FIELDS, values, errors, onChange, arrivalFocus = null }: FieldsProps) {
  return (
    <div className="admin-form__lists">
      {listFieldsOf(fields).map((field) => (
        <ListField
          key={field.key}
          name={field.key}
          label={field.label.ko}
          placeholder={field.placeholder}
          entries={(values[field.key] as string[] | undefined) ?? []}
          onChange={(entries) => onChange(field.key, entries)}
          error={errors[field.key]}
          arrivalFocus={arrivalFocus}
        />
      ))}
    </div>
  );
}

/** The English versions of the fields that have one: texts first, then the lists. `values` are the form's `en`. */
export function ArtistEnglishInputs({ fields = ARTIST_FIELDS, values, errors, onChange, arrivalFocus = null }: FieldsProps) {
  const english = englishFieldsOf(fields);
  return (
    <>
      {textFieldsOf(english).map((field) => (
        <TextField
          key={field.key}
          name={`en.${field.key}`}
          label={`영문 ${field.label.ko}`}
          maxLength={field.maxLength}
          placeholder={field.english.placeholder}
          value={String(values[field.key] ?? "")}
          onChange={(value) => onChange(field.key, value)}
          error={errors[`en.${field.key}`]}
          lang="en"
        />
      ))}
      <div className="admin-form__lists">
        {listFieldsOf(english).map((field) => (
          <ListField
            key={field.key}
            name={`en.${field.key}`}
            label={`영문 ${field.label.ko} (${field.label.en})`}
            placeholder={field.english.placeholder}
            entries={(values[field.key] as string[] | undefined) ?? []}
            onChange={(entries) => onChange(field.key, entries)}
            error={errors[`en.${field.key}`]}
            arrivalFocus={arrivalFocus}
          />
        ))}
      </div>
    </>
  );
}
