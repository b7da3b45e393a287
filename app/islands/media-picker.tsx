import { useId, useRef, useState } from "react";
import { MEDIA_LIBRARY_JSON_PATH } from "../domain/site-routes";

/** An image of the media library as the picker hands it over. */
export interface PickedImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

interface LibraryPage {
  page: number;
  pageCount: number;
  items: (PickedImage & { id: number; thumbnail: string; uploadedAt: string })[];
}

async function fetchLibraryPage(page: number): Promise<LibraryPage> {
  const response = await fetch(`${MEDIA_LIBRARY_JSON_PATH}?page=${page}`, { credentials: "same-origin", cache: "no-store" });
  if (response.status === 401) throw new Error("로그인이 만료되었습니다. 새 창에서 다시 로그인한 뒤 다시 열어 주세요.");
  if (!response.ok) throw new Error("이미지 목록을 불러오지 못했습니다. 잠시 뒤 다시 시도해 주세요.");
  return (await response.json()) as LibraryPage;
}

/**
 * "라이브러리에서 선택": a dialog listing stored images (newest first, a page at a time) that hands the
 * chosen one to `onPick`, so an image already uploaded is placed again instead of uploaded again.
 */
export function MediaPicker({ onPick }: { onPick: (image: PickedImage) => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<{ status: "idle" | "loading" | "error"; message?: string; data?: LibraryPage }>({ status: "idle" });

  const load = async (page: number) => {
    setState((s) => ({ ...s, status: "loading" }));
    try {
      setState({ status: "idle", data: await fetchLibraryPage(page) });
    } catch (error) {
      setState({ status: "error", message: (error as Error).message });
    }
  };

  const open = () => {
    dialogRef.current?.showModal();
    void load(1);
  };

  const data = state.data;
  // Two editors (Korean and English content) may each have a picker on the page.
  return (
    <>
      <button type="button" className="button button--small button--ghost" onClick={open}>
        라이브러리에서 선택
      </button>
      <dialog ref={dialogRef} className="media-picker" aria-labelledby={titleId}>
        <div className="media-picker__header">
          <h2 id={titleId} className="media-picker__title">
            라이브러리에서 이미지 선택
          </h2>
          <button type="button" className="button button--small button--ghost" onClick={() => dialogRef.current?.close()}>
            닫기
          </button>
        </div>
        <p role="status" className={state.status === "error" ? "field__error" : "field__hint"}>
          {state.status === "loading" ? "이미지를 불러오는 중입니다..." : state.status === "error" ? state.message : data && data.items.length === 0 ? "아직 올린 이미지가 없습니다." : ""}
        </p>
        {data && data.items.length > 0 ? (
          <ul className="media-picker__grid">
            {data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="media-picker__choice"
                  aria-label={`${item.alt || `이미지 #${item.id}`} (${item.width}×${item.height}, ${item.uploadedAt}) 넣기`}
                  onClick={() => {
                    dialogRef.current?.close();
                    onPick({ url: item.url, width: item.width, height: item.height, alt: item.alt });
                  }}
                >
                  <img src={item.thumbnail} alt="" width={120} height={120} />
                  <span className="media-picker__label">{item.alt || `#${item.id}`}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {data && data.pageCount > 1 ? (
          <div className="media-picker__pages">
            <button type="button" className="button button--small" disabled={data.page <= 1} onClick={() => void load(data.page - 1)}>
              이전 쪽
            </button>
            <span>
              {data.page} / {data.pageCount}쪽
            </span>
            <button type="button" className="button button--small" disabled={data.page >= data.pageCount} onClick={() => void load(data.page + 1)}>
              다음 쪽
            </button>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
