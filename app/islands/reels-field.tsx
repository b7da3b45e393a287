import { useEffect, useRef, useState } from "react";
import { describedByOf, FieldError } from "../components/field";
import { applyListMove, focusAfterListMove, listButtonId, listEntryId, LIST_MOVE_FIELD, type ListMove } from "../domain/list-moves";
import { MAX_REEL_TITLE_LENGTH, MAX_REEL_URL_LENGTH, MAX_REELS, REELS_FIELD, type ReelFormValue } from "../domain/reels";
import { useHydrated } from "../lib/use-hydrated";


interface ReelsFieldProps {
  reels: ReelFormValue[];
  onChange: (reels: ReelFormValue[]) => void;
  error?: string;
  /** Without JavaScript, the id a list button's reply gives the focus to (rendered as autofocus). */
  arrivalFocus?: string | null;
}

/**
 * The artist form's showreels (decision 046): like a list field (islands/list-field.tsx), but each entry
 * is a pair, the video's address and an optional title, sent as `reelUrl` and `reelTitle` in row order.
 * The new reel's row is always sent with the form (saving without pressing 추가 keeps it); 위로, 아래로,
 * 삭제 and 추가 submit the form without JavaScript (the reply brings it back changed) and act in place with it.
 */
export function ReelsField({ reels, onChange, error, arrivalFocus = null }: ReelsFieldProps) {
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<ReelFormValue>({ url: "", title: "" });
  const [announcement, setAnnouncement] = useState("");
  const refocus = useRef<string | null>(null);
  const name = REELS_FIELD;
  const focusHere = (id: string) => (!hydrated && arrivalFocus === id ? true : undefined);
  const full = reels.length >= MAX_REELS;
  const describedBy = describedByOf(name, { error, hint: true });
  const nameOf = (reel: ReelFormValue, index: number) => reel.title || `${index + 1}번 영상`;

  useEffect(() => {
    if (!refocus.current) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  });

  const add = () => {
    if (!draft.url.trim() && !draft.title.trim()) return;
    onChange([...reels, { url: draft.url.trim(), title: draft.title.trim() }]);
    setAnnouncement(`‘${nameOf(draft, reels.length)}’ 영상을 추가했습니다.`);
    setDraft({ url: "", title: "" });
    // The next reel's box, or (the list now full) the added reel's address.
    refocus.current = reels.length + 1 >= MAX_REELS ? listEntryId(name, reels.length) : name;
  };

  const act = (move: Exclude<ListMove, { action: "add" }>) => {
    if (move.index >= reels.length) return;
    if ((move.action === "up" && move.index === 0) || (move.action === "down" && move.index === reels.length - 1)) return;
    const next = applyListMove(reels, move);
    const reel = nameOf(reels[move.index]!, move.index);
    onChange(next);
    setAnnouncement(move.action === "remove" ? `‘${reel}’ 영상을 삭제했습니다.` : `‘${reel}’ 영상을 ${(move.action === "up" ? move.index - 1 : move.index + 1) + 1}번째로 옮겼습니다.`);
    refocus.current = focusAfterListMove(move, next.length);
  };

  const button = (index: number, action: "up" | "down" | "remove", text: string, disabled = false) => (
    <button
      type="submit"
      name={LIST_MOVE_FIELD}
      value={`${name}:${index}:${action}`}
      id={action === "remove" ? undefined : listButtonId(name, index, action)}
      autoFocus={action === "remove" ? undefined : focusHere(listButtonId(name, index, action))}
      className={action === "remove" ? "button button--small button--ghost list-field__remove" : "button button--small button--ghost"}
      aria-label={`${index + 1}번 영상 ${text}`}
      disabled={disabled}
      formNoValidate
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        act({ name, index, action });
      }}
    >
      {text}
    </button>
  );

  return (
    <fieldset className="field list-field reels-field" aria-describedby={describedBy}>
      <legend className="field__label">영상 (선택)</legend>
      <span className="field__hint" id={`${name}-hint`}>
        YouTube, Vimeo, 네이버TV 영상 주소를 {MAX_REELS}개까지 넣을 수 있습니다. 제목은 선택이며, 프로필에는 영상을 누르기 전까지 플레이어를 불러오지 않습니다.
      </span>
      {reels.length > 0 ? (
        <ol className="list-field__entries reels-field__entries">
          {reels.map((reel, i) => (
            <li key={i} className="reels-field__entry">
              <input
                type="url"
                id={listEntryId(name, i)}
                autoFocus={focusHere(listEntryId(name, i))}
                name="reelUrl"
                value={reel.url}
                maxLength={MAX_REEL_URL_LENGTH}
                inputMode="url"
                autoComplete="off"
                aria-label={`${i + 1}번 영상 주소`}
                onChange={(e) => onChange(reels.map((r, j) => (j === i ? { ...r, url: e.target.value } : r)))}
              />
              <input
                type="text"
                name="reelTitle"
                value={reel.title}
                maxLength={MAX_REEL_TITLE_LENGTH}
                autoComplete="off"
                aria-label={`${i + 1}번 영상 제목 (선택)`}
                placeholder="제목 (선택)"
                onChange={(e) => onChange(reels.map((r, j) => (j === i ? { ...r, title: e.target.value } : r)))}
              />
              <span className="list-field__buttons">
                {button(i, "up", "위로", i === 0)}
                {button(i, "down", "아래로", i === reels.length - 1)}
                {button(i, "remove", "삭제")}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="field__hint">아직 영상이 없습니다.</p>
      )}
      {full ? (
        <p className="field__hint">영상은 {MAX_REELS}개까지 넣을 수 있습니다. 새 영상을 넣으려면 하나를 삭제해 주세요.</p>
      ) : (
        <div className="reels-field__add">
          <input
            type="url"
            id={name}
            autoFocus={focusHere(name)}
            name="reelUrl"
            value={draft.url}
            maxLength={MAX_REEL_URL_LENGTH}
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.youtube.com/watch?v=..."
            aria-label="새 영상 주소"
            aria-describedby={describedBy}
            onChange={(e) => setDraft({ ...draft, url: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.nativeEvent.isComposing && hydrated) {
                e.preventDefault();
                add();
              }
            }}
          />
          <input
            type="text"
            name="reelTitle"
            value={draft.title}
            maxLength={MAX_REEL_TITLE_LENGTH}
            autoComplete="off"
            placeholder="제목 (선택)"
            aria-label="새 영상 제목 (선택)"
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.nativeEvent.isComposing && hydrated) {
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
      )}
      <FieldError name={name} error={error} />
      {hydrated ? (
        <span className="visually-hidden" role="status">
          {announcement}
        </span>
      ) : null}
    </fieldset>
  );
}
