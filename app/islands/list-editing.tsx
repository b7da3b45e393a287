import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { FieldError } from "../widgets/field";
import { applyListMove, focusAfterListMove, listButtonId, LIST_MOVE_FIELD, type ListMove } from "../domain/list-moves";
import { useHydrated } from "../lib/use-hydrated";

type EntryMove = Exclude<ListMove, { action: "add" }>;

interface ListEditingOptions<T> {
  name: string;
  items: readonly T[];
  onChange: (next: T[]) => void;
  arrivalFocus: string | null;
  /** The entry as the object of the announcement, with its particle: "‘2024 드라마’ 항목을". */
  object: (item: T, index: number) => string;
}

/**
 * An entry's 위로, 아래로 or 삭제: a submit button without JavaScript; with it (`onMove`), the move in place.
 */
function EntryMoveButton({
  move,
  label,
  autoFocus,
  disabled,
  onMove,
  children,
}: {
  move: EntryMove;
  label: string;
  autoFocus: true | undefined;
  disabled: boolean;
  onMove: (() => void) | null;
  children: ReactNode;
}) {
  const { name, index, action } = move;
  return (
    <button
      type="submit"
      name={LIST_MOVE_FIELD}
      value={`${name}:${index}:${action}`}
      id={action === "remove" ? undefined : listButtonId(name, index, action)}
      autoFocus={autoFocus}
      className={action === "remove" ? "button button--small button--ghost list-field__remove" : "button button--small button--ghost"}
      aria-label={label}
      disabled={disabled}
      formNoValidate
      onClick={(event) => {
        if (!onMove) return;
        event.preventDefault();
        onMove();
      }}
    >
      {children}
    </button>
  );
}

/** 추가: sends the form without JavaScript; with it (`onAdd`), adds in place. */
function ListAddButton({ name, onAdd }: { name: string; onAdd: (() => void) | null }) {
  return (
    <button
      type="submit"
      name={LIST_MOVE_FIELD}
      value={`${name}:add`}
      className="button button--small"
      formNoValidate
      onClick={(event) => {
        if (!onAdd) return;
        event.preventDefault();
        onAdd();
      }}
    >
      추가
    </button>
  );
}

/**
 * What the workspace's editable lists share (the career lists' ListField, the showreels' ReelsField):
 * 위로/아래로/삭제 and 추가 are submit buttons (LIST_MOVE_FIELD) that send the form without JavaScript,
 * which comes back changed with the control to focus (`arrivalFocus`); with JavaScript they act in place,
 * announce what happened to screen readers and move the focus where the entry went.
 */
export function useListEditing<T>({ name, items, onChange, arrivalFocus, object }: ListEditingOptions<T>) {
  const hydrated = useHydrated();
  const [announcement, setAnnouncement] = useState("");
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    if (!refocus.current) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });

  /** Without JavaScript a list button sends the form, which comes back naming the control to focus. */
  const focusHere = (id: string) => (!hydrated && arrivalFocus === id ? true : undefined);

  const act = (move: EntryMove, focusOn: "button" | "entry" = "button") => {
    if (move.index >= items.length) return;
    if ((move.action === "up" && move.index === 0) || (move.action === "down" && move.index === items.length - 1)) return;
    const next = applyListMove([...items], move);
    const what = object(items[move.index]!, move.index);
    onChange(next);
    setAnnouncement(move.action === "remove" ? `${what} 삭제했습니다.` : `${what} ${(move.action === "up" ? move.index - 1 : move.index + 1) + 1}번째로 옮겼습니다.`);
    refocus.current = focusAfterListMove(move, next.length, focusOn);
  };

  /** An entry's 위로, 아래로 and 삭제; `entryLabel` names the entry for screen readers ("경력 2번 항목"). */
  const entryButtons = (index: number, entryLabel: string) => {
    const button = (action: EntryMove["action"], text: string, disabled = false) => (
      <EntryMoveButton
        move={{ name, index, action }}
        label={`${entryLabel} ${text}`}
        autoFocus={action === "remove" ? undefined : focusHere(listButtonId(name, index, action))}
        disabled={disabled}
        onMove={hydrated ? () => act({ name, index, action }, "button") : null}
      >
        {text}
      </EntryMoveButton>
    );
    return (
      <span className="list-field__buttons">
        {button("up", "위로", index === 0)}
        {button("down", "아래로", index === items.length - 1)}
        {button("remove", "삭제")}
      </span>
    );
  };

  /** 추가: sends the form without JavaScript, calls `add` with it. */
  const addButton = (add: () => void) => <ListAddButton name={name} onAdd={hydrated ? add : null} />;

  /** Enter in a new entry's box adds it (not while an IME is composing a Korean syllable). */
  const addOnEnter = (add: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && !event.nativeEvent.isComposing && hydrated) {
      event.preventDefault();
      add();
    }
  };

  const status = hydrated ? (
    <span className="visually-hidden" role="status">
      {announcement}
    </span>
  ) : null;

  return {
    hydrated,
    focusHere,
    /** A control's id, and autofocus where a list button's reply (without JavaScript) puts the focus. */
    focusTarget: (id: string) => ({ id, autoFocus: focusHere(id) }),
    act,
    entryButtons,
    addButton,
    addOnEnter,
    status,
    announce: setAnnouncement,
    /** After the next render, focus the element with this id. */
    focusNext: (id: string) => {
      refocus.current = id;
    },
  };
}

/**
 * An editable list's frame: its legend and hint, the entries in order (or a line saying there are none),
 * the new entry's row, the field's error and the hook's announcements (`status`).
 */
export function EditableListFrame({
  name,
  legend,
  hint,
  className,
  describedBy,
  listClassName,
  entries,
  empty,
  add,
  error,
  status,
}: {
  name: string;
  legend: ReactNode;
  hint: ReactNode;
  className: string;
  describedBy: string | undefined;
  listClassName: string;
  /** The entries' `<li>` elements. */
  entries: ReactNode[];
  empty: string;
  add: ReactNode;
  error?: string;
  status: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      <span className="field__hint" id={`${name}-hint`}>
        {hint}
      </span>
      {entries.length > 0 ? <ol className={listClassName}>{entries}</ol> : <p className="field__hint">{empty}</p>}
      {add}
      <FieldError name={name} error={error} />
      {status}
    </fieldset>
  );
}
