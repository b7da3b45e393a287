import { Fragment } from "react";
import type { PickerLibrary } from "../../domain/media-uses";
import { POST_FIELDS, type PostFieldEntry } from "../../domain/post-fields";
import { RichTextEditor } from "../../islands/rich-text-editor";
import { useHydrated } from "../../lib/use-hydrated";
import { describedByOf, Field, FieldError } from "../../widgets/field";
import { TextField } from "./admin-form-shell";
import { FeaturedImageField } from "./post-extras-fields";

/**
 * The post form's fields, drawn from the field model (app/domain/post-fields.ts): each entry's control
 * by its kind (a one-line text, the rich text editor, the featured image's picker, a textarea), its
 * label, hint, limit, language and error. The values are the form's, keyed by field; a change reports
 * the key and the new value.
 */
interface PostFieldsProps {
  fields?: readonly PostFieldEntry[];
  values: Readonly<Record<string, unknown>>;
  onChange: (patch: Readonly<Record<string, string>>) => void;
  errors: Readonly<Record<string, string | undefined>>;
  hydrated: boolean;
  library: PickerLibrary;
  /** The rich text editors start again from the values when it changes (a draft restored or discarded). */
  resetKey: number;
  /** What the form shows right after the content (without JavaScript, its image attachment). */
  afterContent?: React.ReactNode;
}

export function PostFieldInputs({ fields = POST_FIELDS, afterContent = null, ...props }: PostFieldsProps) {
  return fields.map((field) => (
    <Fragment key={field.key}>
      <PostFieldInput field={field} {...props} />
      {field.kind === "html" ? afterContent : null}
    </Fragment>
  ));
}

/** One field's control. */
function PostFieldInput({ field, values, onChange, errors, hydrated, library, resetKey }: Omit<PostFieldsProps, "fields" | "afterContent"> & { field: PostFieldEntry }) {
  const { key, label } = field;
  const value = String(values[key] ?? "");
  const change = (next: string) => onChange({ [key]: next });
  switch (field.kind) {
    case "line":
      return <TextField name={key} label={label} required={field.required} maxLength={field.maxLength} value={value} onChange={change} error={errors[key]} lang={field.lang} />;
    case "html":
      return <ContentField name={key} label={label} value={value} onChange={change} error={errors[key]} resetKey={resetKey} />;
    case "image":
      return <FeaturedImageField field={field} url={value} onChange={change} error={errors[key]} hydrated={hydrated} library={library} />;
    case "plain":
      return (
        <Field name={key} label={label} optional hint={field.form?.hint} error={errors[key]}>
          {(control) => <textarea {...control} rows={field.form?.rows} maxLength={field.maxLength} lang={field.lang} value={value} onChange={(e) => change(e.target.value)} />}
        </Field>
      );
  }
}

/** A labelled rich text field with its error: the Korean content and the English one. */
function ContentField({
  name,
  label,
  value,
  onChange,
  error,
  resetKey,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error: string | undefined;
  resetKey: number;
}) {
  // The editor's images are its own (without JavaScript, the HTML box and "이미지 넣기" below).
  const hydrated = useHydrated();
  return (
    <div className="field">
      <span className="field__label" id={`${name}-label`}>
        {label}
      </span>
      {hydrated ? (
        <span className="field__hint" id={`${name}-hint`}>
          이미지는 서식 도구의 ‘이미지 넣기’ 버튼으로 넣습니다. 넣은 이미지를 누르면 나오는 ‘이미지 편집’ 버튼으로 대체 텍스트, 캡션, 크기를 고칩니다(커서를 이미지에 두고 Enter를 눌러도 됩니다). 서식 도구는 Tab으로 한 번에 들어가고, 그 안에서는 왼쪽·오른쪽 화살표로 버튼 사이를 옮겨 다닙니다(Home은 처음, End는 끝).
        </span>
      ) : null}
      <RichTextEditor name={name} label={label} value={value} onChange={onChange} invalid={Boolean(error)} resetKey={resetKey} describedBy={describedByOf(name, { error, hint: hydrated })} />
      <FieldError name={name} error={error} />
    </div>
  );
}
