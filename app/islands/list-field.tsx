import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { describedByOf, FieldError } from "../components/field";
import { applyListMove, focusAfterListMove, listButtonId, listEntryId, LIST_MOVE_FIELD, type ListMove } from "../domain/list-moves";
import { useHydrated } from "../lib/use-hydrated";

interface ListFieldProps {
  name: string;
  label: string;
  entries: string[];
  onChange: (entries: string[]) => void;
  placeholder?: string;
  error?: string;
  /** Without JavaScript, the id a list button's reply gives the focus to (rendered as autofocus). */
  arrivalFocus?: string | null;
}

/**
 * A list field of the artist form (spec §5): one entry at a time through an add button, empty entries
 * ignored. Every entry is its own text box, edited in place, moved by its 위로/아래로 buttons (or
 * Alt+↑/↓ in the box) and removed by its 삭제 button. Without JavaScript the buttons submit the form
 * (LIST_MOVE_FIELD), which comes back with the change and everything typed; with it they act in place
 * and focus follows the entry. The new entry's box is `#${name}` (where the error summary links).
 */
export function ListField({ name, label, entries, onChange, placeholder, error, arrivalFocus = null }: ListFieldProps) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const refocus = useRef<string | null>(null);
  const entryId = (index: number) => listEntryId(name, index);
  const buttonId = (index: number, action: "up" | "down") => listButtonId(name, index, action);
  // Without JavaScript a list button sends the form, which comes back naming the control to focus.
  const focusHere = (id: string) => (!hydrated && arrivalFocus === id ? true : undefined);

  useEffect(() => {
    if (!refocus.current) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });

  const add = () => {
    const entry = draft.trim();
    if (entry) {
      onChange([...entries, entry]);
      setAnnouncement(`‘${entry}’ 항목을 추가했습니다.`);
    }
    setDraft("");
  };

  const act = (move: Exclude<ListMove, { action: "add" }>, focusOn: "button" | "entry") => {
    if (move.index >= entries.length) return;
    if ((move.action === "up" && move.index === 0) || (move.action === "down" && move.index === entries.length - 1)) return;
    const next = applyListMove(entries, move);
    const entry = entries[move.index] ?? "";
    onChange(next);
    setAnnouncement(move.action === "remove" ? `‘${entry}’ 항목을 삭제했습니다.` : `‘${entry}’ 항목을 ${(move.action === "up" ? move.index - 1 : move.index + 1) + 1}번째로 옮겼습니다.`);
    refocus.current = focusAfterListMove(move, next.length, focusOn);
  };

  // Without JavaScript the buttons submit; with it they act here.
  const button = (index: number, action: "up" | "down" | "remove", text: string, disabled = false) => (
    <button
      type="submit"
      name={LIST_MOVE_FIELD}
      value={`${name}:${index}:${action}`}
      id={action === "remove" ? undefined : buttonId(index, action)}
      autoFocus={action === "remove" ? undefined : focusHere(buttonId(index, action))}
      className={action === "remove" ? "button button--small button--ghost list-field__remove" : "button button--small button--ghost"}
      aria-label={`${label} ${index + 1}번 항목 ${text}`}
      disabled={disabled}
      formNoValidate
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        act({ name, index, action }, "button");
      }}
    >
      {text}
    </button>
  );

  return (
    <fieldset className="field list-field" aria-describedby={describedByOf(name, { error, hint: true })}>
      <legend className="field__label">{label}</legend>
      <span className="field__hint" id={`${name}-hint`}>
        한 칸에 한 항목씩 입력합니다. 순서는 ‘위로’, ‘아래로’ 버튼이나 항목 칸에서 Alt+↑, Alt+↓로 바꿉니다.
      </span>
      {entries.length > 0 ? (
        <ol className="list-field__entries">
          {entries.map((entry, i) => (
            <li key={i} className="list-field__entry">
              <input
                type="text"
                id={entryId(i)}
                autoFocus={focusHere(entryId(i))}
                name={name}
                value={entry}
                aria-label={`${label} ${i + 1}번 항목`}
                onChange={(e) => onChange(entries.map((v, j) => (j === i ? e.target.value : v)))}
                onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
                  if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
                  e.preventDefault();
                  act({ name, index: i, action: e.key === "ArrowUp" ? "up" : "down" }, "entry");
                }}
              />
              <span className="list-field__buttons">
                {button(i, "up", "위로", i === 0)}
                {button(i, "down", "아래로", i === entries.length - 1)}
                {button(i, "remove", "삭제")}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="field__hint">아직 항목이 없습니다.</p>
      )}
      <div className="list-field__add">
        <input
          type="text"
          id={name}
          autoFocus={focusHere(name)}
          // Without JavaScript the new entry goes with the form (saved, or kept by any list button).
          name={hydrated ? undefined : name}
          value={draft}
          placeholder={placeholder}
          aria-label={`${label} 새 항목`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === "Enter" && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
        />
        <button
          type="submit"
          name={LIST_MOVE_FIELD}
          value={`${name}:add`}
          className="button button--small"
          formNoValidate
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            add();
          }}
        >
          추가
        </button>
      </div>
      <FieldError name={name} error={error} />
      {hydrated ? (
        <span className="visually-hidden" role="status">
          {announcement}
        </span>
      ) : null}
    </fieldset>
  );
}
