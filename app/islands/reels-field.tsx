import { useState } from "react";
import { describedByOf } from "../widgets/field";
import { listEntryId } from "../domain/list-moves";
import { MAX_REEL_TITLE_LENGTH, MAX_REEL_URL_LENGTH, MAX_REELS, REELS_FIELD, type ReelFormValue } from "../domain/reels";
import { EditableListFrame, useListEditing } from "./list-editing";

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
  const name = REELS_FIELD;
  const nameOf = (reel: ReelFormValue, index: number) => reel.title || `${index + 1}번 영상`;
  const { focusTarget, entryButtons, addButton, addOnEnter, status, announce, focusNext } = useListEditing({
    name,
    items: reels,
    onChange,
    arrivalFocus,
    object: (reel, index) => `‘${nameOf(reel, index)}’ 영상을`,
  });
  const [draft, setDraft] = useState<ReelFormValue>({ url: "", title: "" });
  const full = reels.length >= MAX_REELS;
  const describedBy = describedByOf(name, { error, hint: true });

  const add = () => {
    if (!draft.url.trim() && !draft.title.trim()) return;
    onChange([...reels, { url: draft.url.trim(), title: draft.title.trim() }]);
    announce(`‘${nameOf(draft, reels.length)}’ 영상을 추가했습니다.`);
    setDraft({ url: "", title: "" });
    // The next reel's box, or (the list now full) the added reel's address.
    focusNext(reels.length + 1 >= MAX_REELS ? listEntryId(name, reels.length) : name);
  };

  return (
    <EditableListFrame
      name={name}
      legend="영상 (선택)"
      hint={`YouTube, Vimeo, 네이버TV 영상 주소를 ${MAX_REELS}개까지 넣을 수 있습니다. 제목은 선택이며, 프로필에는 영상을 누르기 전까지 플레이어를 불러오지 않습니다.`}
      className="field list-field reels-field"
      describedBy={describedBy}
      listClassName="list-field__entries reels-field__entries"
      entries={reels.map((reel, i) => (
        <li key={i} className="reels-field__entry">
          <input
            type="url"
            {...focusTarget(listEntryId(name, i))}
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
          {entryButtons(i, `${i + 1}번 영상`)}
        </li>
      ))}
      empty="아직 영상이 없습니다."
      add={
        full ? (
          <p className="field__hint">영상은 {MAX_REELS}개까지 넣을 수 있습니다. 새 영상을 넣으려면 하나를 삭제해 주세요.</p>
        ) : (
          <div className="reels-field__add">
            <input
              type="url"
              {...focusTarget(name)}
              name="reelUrl"
              value={draft.url}
              maxLength={MAX_REEL_URL_LENGTH}
              inputMode="url"
              autoComplete="off"
              placeholder="https://www.youtube.com/watch?v=..."
              aria-label="새 영상 주소"
              aria-describedby={describedBy}
              onChange={(e) => setDraft({ ...draft, url: e.target.value })}
              onKeyDown={addOnEnter(add)}
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
              onKeyDown={addOnEnter(add)}
            />
            {addButton(add)}
          </div>
        )
      }
      error={error}
      status={status}
    />
  );
}
