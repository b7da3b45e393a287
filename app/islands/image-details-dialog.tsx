import { useEffect, useId, useRef, useState } from "react";
import {
  ALT_REQUIRED_MESSAGE,
  MAX_FIGURE_ALT_LENGTH,
  MAX_FIGURE_CAPTION_LENGTH,
  POST_FIGURE_SIZE_LABELS,
  POST_FIGURE_SIZES,
  type PostFigure,
  type PostFigureSize,
} from "../domain/post-figures";

/** The figure being placed or edited; null keeps the dialog closed. */
export type FigureDraft = PostFigure & { editing: boolean };

/**
 * Asked when an image goes into a post (decision 043): its alt text (prefilled from the media
 * library's), an optional caption and a size. A decorative image is said so explicitly, never by
 * leaving the alt text empty by accident.
 */
export function ImageDetailsDialog({ draft, onDone }: { draft: FigureDraft | null; onDone: (figure: PostFigure | null) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), alt: useId(), altHint: useId(), altError: useId(), caption: useId() };
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [caption, setCaption] = useState("");
  const [size, setSize] = useState<PostFigureSize>("full");
  const [error, setError] = useState("");

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (draft && !dialog.open) {
      setAlt(draft.alt);
      setDecorative(draft.editing && draft.alt === "");
      setCaption(draft.caption);
      setSize(draft.size);
      setError("");
      dialog.showModal();
      altRef.current?.focus();
    } else if (!draft && dialog.open) dialog.close();
  }, [draft]);

  // Closed before the editor takes focus back (closing a dialog returns focus to where it was before it opened).
  const finish = (figure: PostFigure | null) => {
    dialogRef.current?.close();
    onDone(figure);
  };

  const done = () => {
    if (!draft) return;
    if (!decorative && !alt.trim()) {
      setError(ALT_REQUIRED_MESSAGE);
      altRef.current?.focus();
      return;
    }
    const { editing: _editing, ...figure } = draft;
    finish({ ...figure, alt: decorative ? "" : alt.trim(), caption: caption.trim(), size });
  };

  return (
    <dialog
      ref={dialogRef}
      className="media-picker image-details"
      aria-labelledby={ids.title}
      onCancel={(e) => {
        e.preventDefault();
        finish(null);
      }}
    >
      <h2 id={ids.title} className="media-picker__title">
        {draft?.editing ? "이미지 정보 수정" : "이미지 정보"}
      </h2>
      {draft ? <img className="image-details__preview" src={draft.src} alt="" width={160} height={Math.round(160 * ((draft.height || 3) / (draft.width || 4)))} /> : null}
      {/* Keys are handled here, not by a form: the dialog lives inside the editor's form. */}
      <div
        className="image-details__fields"
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.target as HTMLElement).tagName === "INPUT" && (e.target as HTMLInputElement).type === "text") {
            e.preventDefault();
            done();
          }
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.alt}>
            대체 텍스트
          </label>
          <p className="field__hint" id={ids.altHint}>
            화면을 보지 못하는 방문자에게 읽어 주는 설명입니다. 사진에 보이는 것을 한 문장으로 적어 주세요.
          </p>
          <input
            ref={altRef}
            id={ids.alt}
            type="text"
            value={decorative ? "" : alt}
            disabled={decorative}
            maxLength={MAX_FIGURE_ALT_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.altHint} ${ids.altError}` : ids.altHint}
            onChange={(e) => {
              setAlt(e.target.value);
              setError("");
            }}
          />
          <p className="field__error" id={ids.altError} role="alert">
            {error}
          </p>
        </div>
        <label className="choice choice--checkbox">
          <input
            type="checkbox"
            checked={decorative}
            onChange={(e) => {
              setDecorative(e.target.checked);
              setError("");
            }}
          />
          <span className="choice__label">장식용 이미지 (대체 텍스트 없음)</span>
        </label>
        <div className="field">
          <label className="field__label" htmlFor={ids.caption}>
            캡션 (선택)
          </label>
          <input id={ids.caption} type="text" value={caption} maxLength={MAX_FIGURE_CAPTION_LENGTH} onChange={(e) => setCaption(e.target.value)} />
        </div>
        <fieldset className="field choice-group">
          <legend className="field__label">크기</legend>
          {POST_FIGURE_SIZES.map((value) => (
            <label key={value} className="choice">
              <input type="radio" name={`${ids.title}-size`} value={value} checked={size === value} onChange={() => setSize(value)} />
              <span className="choice__label">{POST_FIGURE_SIZE_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <div className="image-details__actions">
        <button type="button" className="button button--small" onClick={done}>
          {draft?.editing ? "적용" : "넣기"}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => finish(null)}>
          취소
        </button>
      </div>
    </dialog>
  );
}
