import { useId, useState, type KeyboardEvent } from "react";
import { describedByOf, Field, FieldError } from "../components/field";
import { useHydrated } from "../lib/use-hydrated";

interface ListFieldProps {
  name: string;
  label: string;
  entries: string[];
  onChange: (entries: string[]) => void;
  placeholder?: string;
  error?: string;
}

/**
 * A list field of the artist form (spec §5): one entry at a time through an add button, empty entries
 * ignored, an entry removed by double-click or by its remove button. Without JavaScript it is a
 * textarea with one entry per line (the action reads both shapes).
 */
export function ListField({ name, label, entries, onChange, placeholder, error }: ListFieldProps) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState("");
  const id = useId();

  const add = () => {
    const entry = draft.trim();
    if (entry) onChange([...entries, entry]);
    setDraft("");
  };
  const remove = (index: number) => onChange(entries.filter((_, i) => i !== index));

  if (!hydrated) {
    return (
      <Field name={name} id={`${id}-entries`} label={label} hint="한 줄에 한 항목씩 입력해 주세요." error={error} className="field list-field">
        {(control) => <textarea {...control} rows={Math.max(3, entries.length + 1)} defaultValue={entries.join("\n")} />}
      </Field>
    );
  }

  return (
    <fieldset className="field list-field" aria-describedby={describedByOf(name, { error })}>
      <legend className="field__label">{label}</legend>
      {entries.map((entry, i) => (
        <input key={`${i}-${entry}`} type="hidden" name={name} value={entry} />
      ))}
      <div className="list-field__add">
        <input
          type="text"
          value={draft}
          placeholder={placeholder}
          aria-label={`${label} 항목 입력`}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === "Enter" && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button--small" onClick={add}>
          추가
        </button>
      </div>
      {entries.length > 0 ? (
        <ul className="list-field__entries" aria-label={`${label} 목록`}>
          {entries.map((entry, i) => (
            <li key={`${i}-${entry}`} className="chip" onDoubleClick={() => remove(i)} title="두 번 클릭하면 삭제됩니다">
              <span>{entry}</span>
              <button type="button" className="chip__remove" onClick={() => remove(i)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{entry} 삭제</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">아직 항목이 없습니다.</p>
      )}
      <FieldError name={name} error={error} />
    </fieldset>
  );
}
