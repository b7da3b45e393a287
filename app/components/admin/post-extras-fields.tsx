import { useState } from "react";
import type { PickerLibrary } from "../../domain/media-uses";
import { POST_FIGURE_SIZE_LABELS, POST_FIGURE_SIZES, MAX_FIGURE_ALT_LENGTH, MAX_FIGURE_CAPTION_LENGTH } from "../../domain/post-figures";
import { imageFieldNames, type PostFieldEntry } from "../../domain/post-fields";
import { IMAGE_ACCEPT, LibraryRadios, MediaPicker } from "../../islands/media-picker";
import { Field } from "../../widgets/field";

/** The form's names of the no-JavaScript fields (post-editor.server.ts reads them). */
export const POST_FORM_FILES = { featured: "featuredImageFile", attach: "attachImage" } as const;

/**
 * A post's featured image (decision 043): through the media picker; without JavaScript, the library's
 * thumbnails as radio buttons, an upload and a "remove" box (their names: `imageFieldNames`).
 */
export function FeaturedImageField({
  field,
  url,
  onChange,
  error,
  hydrated,
  library,
}: {
  field: PostFieldEntry;
  url: string;
  onChange: (url: string) => void;
  error: string | undefined;
  hydrated: boolean;
  library: PickerLibrary;
}) {
  const { key, label } = field;
  const names = imageFieldNames(key);
  return (
    <fieldset className="field featured-image" aria-describedby={error ? `${key}-error` : `${key}-hint`}>
      <legend className="field__label">{label} (선택)</legend>
      <p className="field__hint" id={`${key}-hint`}>
        {field.form?.hint}
      </p>
      <input type="hidden" name={key} value={url} />
      {url ? <img className="featured-image__preview" src={url} alt={`${label} 미리보기`} width={160} height={100} /> : <p className="featured-image__none">{`${label} 없음`}</p>}
      {hydrated ? (
        <div className="featured-image__actions">
          <MediaPicker label={url ? `${label} 바꾸기` : `${label} 선택`} context={label} onPick={(image) => onChange(image.url)} />
          {url ? (
            <button type="button" className="button button--small button--ghost" onClick={() => onChange("")}>
              {`${label} 삭제`}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <LibraryRadios name={names.pick} library={library} current={url} legend={`${label} 선택 (라이브러리)`}>
            <label className="field">
              <span className="field__label">{`새 이미지 올리기 (${label})`}</span>
              <input type="file" name={POST_FORM_FILES.featured} accept={IMAGE_ACCEPT} />
            </label>
          </LibraryRadios>
          {url ? (
            <label className="choice choice--checkbox">
              <input type="checkbox" name={names.remove} value="1" />
              <span className="choice__label">{`${label} 삭제`}</span>
            </label>
          ) : null}
        </>
      )}
      {error ? (
        <p className="field__error" id={`${key}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Without JavaScript: an image for the end of the post, uploaded or picked from the library, with its
 * alt text, caption and size (with JavaScript the editor's image button asks the same).
 */
export function AttachImageFields({ errors, library, values }: { errors: Record<string, string>; library: PickerLibrary; values: AttachValues }) {
  const [size, setSize] = useState(values.attachSize || "full");
  return (
    <fieldset className="field attach-image">
      <legend className="field__label">이미지 넣기 (선택)</legend>
      <p className="field__hint">저장하면 내용 끝에 이미지가 들어갑니다.</p>
      <Field name={POST_FORM_FILES.attach} label="새 이미지 올리기" error={errors[POST_FORM_FILES.attach]}>
        {(control) => <input type="file" {...control} accept={IMAGE_ACCEPT} />}
      </Field>
      {library.items.length > 0 ? <LibraryRadios name="attachLibraryImage" library={library} current={values.attachLibraryImage} keepCurrent legend="라이브러리에서 선택" noneLabel="선택 안 함" /> : null}
      <Field name="attachAlt" label="대체 텍스트" hint="사진에 보이는 것을 한 문장으로 적어 주세요. 장식용이면 아래에서 선택하세요." error={errors.attachAlt}>
        {(control) => <input type="text" {...control} maxLength={MAX_FIGURE_ALT_LENGTH} defaultValue={values.attachAlt} />}
      </Field>
      <label className="choice choice--checkbox">
        <input type="checkbox" name="attachDecorative" value="1" defaultChecked={values.attachDecorative} />
        <span className="choice__label">장식용 이미지 (대체 텍스트 없음)</span>
      </label>
      <Field name="attachCaption" label="캡션" optional error={errors.attachCaption}>
        {(control) => <input type="text" {...control} maxLength={MAX_FIGURE_CAPTION_LENGTH} defaultValue={values.attachCaption} />}
      </Field>
      <fieldset className="field choice-group">
        <legend className="field__label">크기</legend>
        {POST_FIGURE_SIZES.map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="attachSize" value={value} checked={size === value} onChange={() => setSize(value)} />
            <span className="choice__label">{POST_FIGURE_SIZE_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

/** What the no-JavaScript image fields held when a save was refused (files are never sent back). */
export type AttachValues = {
  /** The library image picked for the end of the post (kept through a search or a refused save). */
  attachLibraryImage: string;
  attachAlt: string;
  attachCaption: string;
  attachSize: string;
  attachDecorative: boolean;
};
