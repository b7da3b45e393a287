import { useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from "react";
import { FIND_IMAGES_INTENT, mediaName, pickerQueryField, PICKERS_FIELD, type LibraryImage, type LibraryPage, type PickerLibrary } from "../domain/media-uses";
import { MEDIA_LIBRARY_JSON_PATH } from "../domain/paths";
import { uploadImage } from "../lib/upload-image";

/** Opens the picker from elsewhere (the editor's toolbar button). */
export interface MediaPickerHandle {
  open: () => void;
}

/** An image of the media library as the picker hands it over. */
export type PickedImage = Pick<LibraryImage, "url" | "width" | "height" | "alt">;

/** Accepted uploads, as the media pipeline reads them. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

async function fetchLibraryPage(page: number, query: string): Promise<LibraryPage> {
  const params = new URLSearchParams({ page: String(page) });
  if (query.trim()) params.set("q", query.trim());
  const response = await fetch(`${MEDIA_LIBRARY_JSON_PATH}?${params}`, { credentials: "same-origin", cache: "no-store" });
  if (response.status === 401) throw new Error("로그인이 만료되었습니다. 새 창에서 다시 로그인한 뒤 다시 열어 주세요.");
  if (!response.ok) throw new Error("이미지 목록을 불러오지 못했습니다. 잠시 뒤 다시 시도해 주세요.");
  return (await response.json()) as LibraryPage;
}

/** How a thumbnail is named: its alt text, else the name it was uploaded under, else its number. */
export function libraryImageName(item: Pick<LibraryImage, "id" | "alt" | "fileName">): string {
  return mediaName(item);
}

/** What a page of the library holds, as the pickers say it: "이미지 3개 (‘무대’ 검색)". */
function libraryCount(data: LibraryPage): string {
  if (data.items.length === 0) return data.query ? `‘${data.query}’에 맞는 이미지가 없습니다.` : "아직 올린 이미지가 없습니다.";
  return `이미지 ${data.total}개${data.query ? ` (‘${data.query}’ 검색)` : ""}`;
}

type PickerState = { status: "idle" | "loading" | "uploading" | "error"; message?: string; data?: LibraryPage };

/**
 * The media picker (decision 043): a dialog of the library's thumbnails, newest first, searchable by
 * upload name and alt text, with an upload through the same pipeline as /api/img; the chosen (or
 * uploaded) image goes to `onPick`. Without JavaScript the forms show `LibraryRadios` instead.
 */
export function MediaPicker({
  onPick,
  label = "라이브러리에서 선택",
  context,
  disabled,
  handle,
  hideButton,
}: {
  onPick: (image: PickedImage) => void;
  /** For opening it from another control; with `hideButton`, that control is the only way in. */
  handle?: Ref<MediaPickerHandle>;
  hideButton?: boolean;
  label?: string;
  /** Said after the button's label to screen readers when several pickers share a page: "대표 사진". */
  context?: string;
  disabled?: boolean;
}) {
  const titleId = useId();
  const searchId = useId();
  const uploadId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState("");
  const [state, setState] = useState<PickerState>({ status: "idle" });

  // Only the latest request's answer is shown: a search typed while the first page loads wins over it.
  const latestRequest = useRef(0);
  const load = async (page: number, q = query) => {
    const request = ++latestRequest.current;
    setState((s) => ({ ...s, status: "loading" }));
    try {
      const data = await fetchLibraryPage(page, q);
      if (request === latestRequest.current) setState({ status: "idle", data });
    } catch (error) {
      if (request === latestRequest.current) setState({ status: "error", message: (error as Error).message });
    }
  };

  const open = () => {
    dialogRef.current?.showModal();
    void load(1);
  };
  useImperativeHandle(handle, () => ({ open }));

  const pick = (image: PickedImage) => {
    dialogRef.current?.close();
    onPick(image);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState((s) => ({ ...s, status: "uploading" }));
    try {
      const stored = await uploadImage(file);
      setState((s) => ({ ...s, status: "idle" }));
      pick({ url: stored.url, width: stored.width, height: stored.height, alt: "" });
    } catch (error) {
      setState((s) => ({ ...s, status: "error", message: (error as Error).message }));
    }
  };

  const data = state.data;
  const status =
    state.status === "loading"
      ? "이미지를 불러오는 중입니다..."
      : state.status === "uploading"
        ? "사진을 올리는 중입니다..."
        : state.status === "error"
          ? state.message
          : data
            ? libraryCount(data)
            : "";
  return (
    <>
      {hideButton ? null : (
        <button type="button" className="button button--small button--ghost" onClick={open} disabled={disabled}>
          {label}
          {context ? <span className="visually-hidden"> ({context})</span> : null}
        </button>
      )}
      <dialog ref={dialogRef} className="media-picker" aria-labelledby={titleId}>
        <div className="media-picker__header">
          <h2 id={titleId} className="media-picker__title">
            이미지 선택{context ? ` (${context})` : ""}
          </h2>
          <button type="button" className="button button--small button--ghost" onClick={() => dialogRef.current?.close()}>
            닫기
          </button>
        </div>
        {/* No nested form: the picker lives inside the editor's form. Enter in the search box searches. */}
        <div className="media-picker__tools">
          <label htmlFor={searchId} className="visually-hidden">
            파일 이름이나 대체 텍스트로 검색
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="파일 이름, 대체 텍스트"
            value={query}
            maxLength={100}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              void load(1);
            }}
          />
          <button type="button" className="button button--small" onClick={() => void load(1)}>
            검색
          </button>
          <input
            id={uploadId}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            disabled={state.status === "uploading"}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          <label htmlFor={uploadId} className="button button--small button--ghost media-picker__upload">
            새 이미지 올리기
          </label>
        </div>
        <p role="status" className={state.status === "error" ? "field__error" : "field__hint"}>
          {status}
        </p>
        {data && data.items.length > 0 ? (
          <ul className="media-picker__grid">
            {data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="media-picker__choice"
                  aria-label={`${libraryImageName(item)} (${item.width}×${item.height}, ${item.uploadedAt}) 선택`}
                  onClick={() => pick({ url: item.url, width: item.width, height: item.height, alt: item.alt })}
                >
                  <Thumbnail item={item} />
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

function Thumbnail({ item }: { item: LibraryImage }) {
  return (
    <>
      <img src={item.thumbnail} alt="" width={120} height={120} loading="lazy" />
      <span className="media-picker__label">{libraryImageName(item)}</span>
    </>
  );
}

/**
 * The picker without JavaScript (decision 043): the library's newest thumbnails as radio buttons in the
 * form itself (so nothing typed is lost), inside a disclosure, with "none" first; `children` go after
 * the grid (the upload field). Its 찾기 submits the form (`intent=find-images:{name}`) and the form comes
 * back as typed with this picker open on what was found, the search box focused. Enter in the search box
 * searches too: the form's default button (DefaultSave) saves unless a picker's words changed since the
 * page was made (`{name}Shown`), in which case that picker searches instead.
 */
export function LibraryRadios({
  name,
  library,
  current,
  legend,
  noneLabel = "바꾸지 않음",
  keepCurrent = false,
  children,
}: {
  name: string;
  library: PickerLibrary;
  /** The image chosen now, checked when it is on the page. */
  current?: string;
  /** `current` is this picker's own pick (not a value shown elsewhere in the form): offered first when the page does not hold it. */
  keepCurrent?: boolean;
  legend: string;
  noneLabel?: string;
  children?: ReactNode;
}) {
  const search = library.search?.for === name ? library.search : null;
  const shown = search?.page ?? library;
  const searchId = `${name}-search`;
  const queryField = pickerQueryField(name);
  const kept = keepCurrent && current && !shown.items.some((i) => i.url === current) ? current : null;
  return (
    <details className="media-picker__nojs" open={search ? true : undefined}>
      <summary>{legend}</summary>
      <fieldset className="media-picker__fieldset">
        <legend className="visually-hidden">{legend}</legend>
        <div className="media-picker__search">
          <label htmlFor={searchId} className="field__label">
            파일 이름이나 대체 텍스트로 검색
          </label>
          <input type="hidden" name={PICKERS_FIELD} value={name} />
          <input type="hidden" name={`${queryField}Shown`} value={search?.query ?? ""} />
          <input type="search" id={searchId} name={queryField} defaultValue={search?.query ?? ""} maxLength={100} autoFocus={search ? true : undefined} />
          <button type="submit" name="intent" value={`${FIND_IMAGES_INTENT}${name}`} formNoValidate className="button button--small button--ghost">
            검색
          </button>
        </div>
        <p className="field__hint" role={search ? "status" : undefined}>
          {search
            ? `${libraryCount(shown)}${shown.total > shown.items.length ? `, 최근 ${shown.items.length}개 표시` : ""}`
            : `최근 이미지 ${shown.items.length}개입니다. 더 오래된 이미지는 검색해서 찾을 수 있습니다.`}
        </p>
        <ul className="media-picker__grid">
          <li>
            <label className="media-picker__choice media-picker__choice--none">
              <input type="radio" name={name} value="" defaultChecked={!kept && (!current || !shown.items.some((i) => i.url === current))} />
              <span className="media-picker__label">{noneLabel}</span>
            </label>
          </li>
          {kept ? (
            <li>
              <label className="media-picker__choice">
                <input type="radio" name={name} value={kept} defaultChecked />
                <img src={kept} alt="" width={120} height={120} loading="lazy" />
                <span className="media-picker__label">선택한 이미지</span>
              </label>
            </li>
          ) : null}
          {shown.items.map((item) => (
            <li key={item.id}>
              <label className="media-picker__choice">
                <input type="radio" name={name} value={item.url} defaultChecked={item.url === current} />
                <Thumbnail item={item} />
              </label>
            </li>
          ))}
        </ul>
        {children}
      </fieldset>
    </details>
  );
}
