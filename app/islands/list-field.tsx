import { useState, type KeyboardEvent } from "react";
import { describedByOf } from "../widgets/field";
import { listEntryId } from "../domain/list-moves";
import { EditableListFrame, useListEditing } from "./list-editing";

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
 * A list field of the artist form (requirements R8.4): one entry at a time through an add button, empty entries
 * ignored. Every entry is its own text box, edited in place, moved by its 위로/아래로 buttons (or
 * Alt+↑/↓ in the box) and removed by its 삭제 button. Without JavaScript the buttons submit the form
 * (LIST_MOVE_FIELD), which comes back with the change and everything typed; with it they act in place
 * and focus follows the entry. The new entry's box is `#${name}` (where the error summary links).
 */
export function ListField({ name, label, entries, onChange, placeholder, error, arrivalFocus = null }: ListFieldProps) {
  const { hydrated, focusTarget, act, entryButtons, addButton, addOnEnter, status, announce } = useListEditing({
    name,
    items: entries,
    onChange,
    arrivalFocus,
    object: (entry) => `‘${entry}’ 항목을`,
  });
  const [draft, setDraft] = useState("");

  const add = () => {
    const entry = draft.trim();
    if (entry) {
      onChange([...entries, entry]);
      announce(`‘${entry}’ 항목을 추가했습니다.`);
    }
    setDraft("");
  };

  return (
    <EditableListFrame
      name={name}
      legend={label}
      hint="한 칸에 한 항목씩 입력합니다. 순서는 ‘위로’, ‘아래로’ 버튼이나 항목 칸에서 Alt+↑, Alt+↓로 바꿉니다."
      className="field list-field"
      describedBy={describedByOf(name, { error, hint: true })}
      listClassName="list-field__entries"
      entries={entries.map((entry, i) => (
        <li key={i} className="list-field__entry">
          <input
            type="text"
            {...focusTarget(listEntryId(name, i))}
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
          {entryButtons(i, `${label} ${i + 1}번 항목`)}
        </li>
      ))}
      empty="아직 항목이 없습니다."
      add={
        <div className="list-field__add">
          <input
            type="text"
            {...focusTarget(name)}
            // Without JavaScript the new entry goes with the form (saved, or kept by any list button).
            name={hydrated ? undefined : name}
            value={draft}
            placeholder={placeholder}
            aria-label={`${label} 새 항목`}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={addOnEnter(add)}
          />
          {addButton(add)}
        </div>
      }
      error={error}
      status={status}
    />
  );
}
