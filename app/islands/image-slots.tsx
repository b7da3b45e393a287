import { useEffect, useRef, useState } from "react";
import { MAX_ARTIST_IMAGES } from "../domain/constants";
import type { PickerLibrary } from "../domain/media-uses";
import { uploadImage } from "../lib/upload-image";
import { useHydrated } from "../lib/use-hydrated";
import { IMAGE_ACCEPT, LibraryRadios, MediaPicker } from "./media-picker";

type SlotStatus = { state: "idle" | "uploading" | "success" | "error"; message?: string };

export const SLOT_LABELS = ["대표 사진", "추가 사진 1", "추가 사진 2", "추가 사진 3", "추가 사진 4"] as const;

interface ImageSlotsProps {
  /** Stored image URL per slot ("" when empty); always MAX_ARTIST_IMAGES long. */
  urls: string[];
  onChange: (urls: string[]) => void;
  /** Told while any slot is uploading, so the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  errors?: Record<number, string>;
  /** Stored images a slot can take without JavaScript (the media library's newest); with it, the picker dialog. */
  library?: PickerLibrary;
}

/**
 * One main and four sub photo slots (requirements R8.4: at most 5). With JavaScript a chosen file uploads at
 * once and the slot shows uploading / success / error; each slot keeps its own image. Without
 * JavaScript each slot is a file input sent with the form, plus "remove" for a stored photo.
 */
export function ImageSlots({ urls, onChange, onBusyChange, errors = {}, library }: ImageSlotsProps) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<SlotStatus[]>(() => Array.from({ length: MAX_ARTIST_IMAGES }, () => ({ state: "idle" })));

  const setSlotStatus = (index: number, next: SlotStatus) => setStatus((all) => all.map((s, i) => (i === index ? next : s)));
  const busy = status.some((s) => s.state === "uploading");
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const latest = useRef(urls);
  useEffect(() => {
    latest.current = urls;
  }, [urls]);
  const onChangeSlot = (index: number, url: string) => onChange(latest.current.map((u, i) => (i === index ? url : u)));

  const choose = async (index: number, file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setSlotStatus(index, { state: "error", message: "이미지 파일만 올릴 수 있습니다." });
      return;
    }
    setSlotStatus(index, { state: "uploading" });
    try {
      const { url } = await uploadImage(file);
      // Only this slot changes; the others keep their photos (even if they changed meanwhile).
      onChangeSlot(index, url);
      setSlotStatus(index, { state: "success", message: "사진이 업로드되었습니다." });
    } catch (error) {
      setSlotStatus(index, { state: "error", message: (error as Error).message || "이미지 업로드 중 오류가 발생했습니다." });
    }
  };

  return (
    <fieldset className="field image-slots">
      <legend className="field__label">사진 (최대 {MAX_ARTIST_IMAGES}장, 첫 번째가 대표 사진)</legend>
      <ol className="image-slots__list">
        {urls.map((url, index) => {
          const slot = status[index] ?? { state: "idle" };
          const message = errors[index] ?? (slot.state === "uploading" ? "업로드 중입니다..." : slot.message);
          const isError = Boolean(errors[index]) || slot.state === "error";
          return (
            <li key={index} className="image-slot">
              <span className="image-slot__label" id={`slot-${index}-label`}>
                {SLOT_LABELS[index]}
              </span>
              <div className="image-slot__preview">
                {url ? <img src={url} alt={`${SLOT_LABELS[index]} 미리보기`} /> : <span aria-hidden="true">+</span>}
              </div>
              <input type="hidden" name={`image${index}`} value={url} />
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                name={hydrated ? undefined : `imageFile${index}`}
                aria-labelledby={`slot-${index}-label`}
                aria-describedby={`slot-${index}-status`}
                disabled={slot.state === "uploading"}
                onChange={hydrated ? (e) => void choose(index, e.target.files?.[0]) : undefined}
              />
              {hydrated ? (
                <MediaPicker
                  context={SLOT_LABELS[index]}
                  disabled={slot.state === "uploading"}
                  onPick={(image) => {
                    onChangeSlot(index, image.url);
                    setSlotStatus(index, { state: "success", message: "라이브러리의 사진을 넣었습니다." });
                  }}
                />
              ) : library && library.items.length > 0 ? (
                // Without JavaScript the choice is sent with the form and takes the slot when saved.
                <LibraryRadios name={`libraryImage${index}`} library={library} legend={`라이브러리에서 선택 (${SLOT_LABELS[index]})`} />
              ) : null}
              {url ? (
                hydrated ? (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => {
                      onChangeSlot(index, "");
                      setSlotStatus(index, { state: "idle" });
                    }}
                  >
                    사진 삭제
                  </button>
                ) : (
                  <label className="image-slot__remove">
                    <input type="checkbox" name={`removeImage${index}`} value="1" /> 사진 삭제
                  </label>
                )
              ) : null}
              <p
                id={`slot-${index}-status`}
                className={`image-slot__status${isError ? " is-error" : slot.state === "success" ? " is-success" : ""}`}
                role="status"
              >
                {message ?? ""}
              </p>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
