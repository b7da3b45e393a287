import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { Route } from "./+types/artists";
import { PATHS, WORKSPACE_PATHS } from "../../../domain/paths";
import { useHydrated } from "../../../lib/use-hydrated";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleWorkspaceArtistsAction, loadWorkspaceArtists } from "./artists.server";
import { FilterSearch, FilterSelect, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { artistTrashQuestion, DeleteControl } from "../../../components/admin/delete-control";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadWorkspaceArtists(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleWorkspaceArtistsAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("배우 관리");
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/**
 * /admin/artists: the roster in order. Without JavaScript, each row has move-up/down buttons and an
 * order number (one form). With it, the same buttons move rows in place (focus stays on the button),
 * and rows can be dragged by their handle; every change is saved at once, and "저장됨" says so. A search
 * or a state filter shows the matching rows without the order controls (a move is among neighbours).
 */
export default function WorkspaceArtists({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>(loaderData.rows);
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const refocus = useRef<string | null>(null);

  // Moves are sent one at a time, in the order they were made (a quick second move waits for the first).
  const [queue, setQueue] = useState<Record<string, string>[]>([]);
  const idle = fetcher.state === "idle";
  // "저장 중..." while moves are on their way, "저장됨" once the server has them all.
  const [moved, setMoved] = useState(false);
  const saveState = !moved ? null : queue.length > 0 || !idle ? "저장 중..." : fetcher.data && "ok" in (fetcher.data as object) ? "저장됨" : null;
  useEffect(() => {
    if (!idle || queue.length === 0) return;
    const [change, ...rest] = queue;
    // The fetcher (outside React state) became free: hand it the next move.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueue(rest);
    void fetcher.submit({ ...change, js: "1" }, { method: "post" });
  }, [idle, queue, fetcher]);

  // The server's order wins whenever it answers (a save elsewhere, a revalidation), unless moves made
  // here are still on their way (its answer would not have them yet).
  const [answered, setAnswered] = useState(loaderData.rows);
  if (answered !== loaderData.rows && queue.length === 0 && idle) {
    setAnswered(loaderData.rows);
    setRows(loaderData.rows);
  }
  useEffect(() => {
    if (!refocus.current) return;
    document.querySelector<HTMLButtonElement>(`[data-move="${refocus.current}"]`)?.focus();
    refocus.current = null;
  });

  // The change is sent as a move relative to the current roster (never this page's whole list).
  const ordering = !loaderData.filtered;
  // Without JavaScript, back from a move: the moved row's same button (the other one at the top or bottom).
  const focusMove = loaderData.focusMove;
  const arrivalFocus = (row: Row, index: number, direction: "up" | "down") => {
    if (hydrated || focusMove?.id !== row.id) return undefined;
    const edge = focusMove.direction === "up" ? index === 0 : index === rows.length - 1;
    return (edge ? (focusMove.direction === "up" ? "down" : "up") : focusMove.direction) === direction ? true : undefined;
  };
  const save = (next: Row[], moved: Row, change: { move: string } | { place: string }) => {
    setRows(next);
    const position = next.findIndex((r) => r.id === moved.id) + 1;
    setAnnouncement(`${moved.name}: ${position}번째로 옮겼습니다.`);
    setQueue((pending) => [...pending, change]);
    setMoved(true);
  };

  const move = (row: Row, direction: "up" | "down") => {
    const from = rows.findIndex((r) => r.id === row.id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    [next[from], next[to]] = [next[to]!, next[from]!];
    // At the top or bottom the other button is the one still enabled.
    const stays = (direction === "up" && to === 0) || (direction === "down" && to === rows.length - 1) ? (direction === "up" ? "down" : "up") : direction;
    refocus.current = `${row.id}:${stays}`;
    save(next, row, { move: `${row.id}:${direction}` });
  };

  const drop = (target: Row) => {
    if (dragged === null || dragged === target.id) return;
    const moving = rows.find((r) => r.id === dragged)!;
    // Dragged down, it lands below the row it is dropped on; dragged up, above it.
    const side = rows.findIndex((r) => r.id === dragged) < rows.findIndex((r) => r.id === target.id) ? "after" : "before";
    const next = rows.filter((r) => r.id !== dragged);
    next.splice(next.findIndex((r) => r.id === target.id) + (side === "after" ? 1 : 0), 0, moving);
    setDragged(null);
    save(next, moving, { place: `${moving.id}:${side}:${target.id}` });
  };

  return (
    <WorkspacePage id="artists"
      title="배우"
      actions={
        <>
          <Link to={PATHS.adminArtist} className="button button--small">
            배우 등록
          </Link>
          <Link to={PATHS.artists} className="button button--small button--ghost">
            사이트의 배우 목록
          </Link>
        </>
      }
    >
      <Form method="get" className="workspace-filter" role="search" aria-label="배우 찾기">
        <FilterSelect label="상태" name="status" value={loaderData.filter.status} options={loaderData.statusOptions} />
        <FilterSearch label="이름 검색 (한글·영문)" name="q" value={loaderData.filter.q} className="workspace-filter__query" />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>
      {loaderData.filtered ? (
        <p className="workspace-count" role="status">
          {`배우 ${loaderData.total}명 중 ${rows.length}명`}{" "}
          <Link to={WORKSPACE_PATHS.artists}>필터 해제</Link>
        </p>
      ) : null}
      <p className="workspace-help">
        위에 있는 배우가 사이트의 배우 목록과 홈 화면에 먼저 보입니다. 공개 상태인 배우만 사이트에 보입니다.{" "}
        {loaderData.filtered
          ? "순서는 필터를 해제한 전체 목록에서 바꿀 수 있습니다."
          : hydrated
            ? "손잡이(⠿)를 끌거나 ‘위로’, ‘아래로’ 버튼으로 순서를 바꾸면 바로 저장됩니다."
            : "‘위로’, ‘아래로’ 버튼을 누르거나, 순서 번호를 고친 뒤 ‘입력한 순서로 저장’을 누르세요."}
      </p>
      <p className="roster-saved" role="status" aria-live="polite">
        {saveState ? <span className={saveState === "저장됨" ? "roster-saved__done" : undefined}>{saveState}</span> : null}
        <span className="visually-hidden">{announcement}</span>
      </p>
      {rows.length === 0 ? (
        <p className="workspace-empty">{loaderData.filtered ? "조건에 맞는 배우가 없습니다." : "등록된 배우가 없습니다."}</p>
      ) : (
        <Form method="post" className="roster-form">
          {/* Enter in an order number saves the typed order (the first submit button is the default one). */}
          <button type="submit" name="intent" value="order" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            입력한 순서로 저장
          </button>
          <WorkspaceTable label="배우 순서" className="roster" columns={["순서", "사진", "이름", "상태", "마지막 수정"]} actions>
            {rows.map((row, index) => (
              <tr
                key={row.id}
                className={dragged === row.id ? "is-dragged" : undefined}
                onDragOver={(e) => {
                  if (dragged !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  drop(row);
                }}
              >
                <td className="roster__order">
                  {/* Dragging needs JavaScript: without it the handle would promise what it cannot do. */}
                  {hydrated && ordering ? (
                  <span
                    className="roster__handle"
                    draggable
                    aria-hidden="true"
                    title="끌어서 순서 바꾸기"
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = "move";
                      e.dataTransfer.setData("text/plain", String(row.id));
                      setDragged(row.id);
                    }}
                    onDragEnd={() => setDragged(null)}
                  >
                    ⠿
                  </span>
                  ) : null}
                  {ordering ? (
                    <label>
                      <span className="visually-hidden">{row.name} 순서</span>
                      <input type="number" name={`order-${row.id}`} defaultValue={index + 1} key={`${row.id}-${index}`} min={1} className="roster__number" />
                    </label>
                  ) : (
                    row.position
                  )}
                </td>
                <td className="roster__photo-cell">
                  {row.thumbnail ? (
                    <img src={row.thumbnail} alt="" width={48} height={64} className="roster__photo" loading="lazy" />
                  ) : (
                    <span className="roster__photo roster__photo--empty" aria-hidden="true">
                      WE
                    </span>
                  )}
                </td>
                <th scope="row" className="workspace-table__title">
                  <Link to={row.editHref}>{row.name}</Link>
                  <span className="workspace-table__sub" lang="en">
                    {row.nameEn}
                  </span>
                </th>
                <td data-label="상태">
                  <span className={`status-badge status-badge--${row.status}`}>{row.statusLabel}</span>
                </td>
                <td data-label="마지막 수정">
                  {row.updatedBy}
                  <span className="workspace-table__sub">{row.updatedAt}</span>
                </td>
                <td className="workspace-table__actions">
                  {ordering ? (
                    <>
                  <button
                    type="submit"
                    name="move"
                    value={`${row.id}:up`}
                    data-move={`${row.id}:up`}
                    aria-label={`${row.name} 위로`}
                    className="button button--small button--ghost"
                    disabled={index === 0}
                    autoFocus={arrivalFocus(row, index, "up")}
                    onClick={(e) => {
                      e.preventDefault();
                      move(row, "up");
                    }}
                  >
                    위로
                  </button>
                  <button
                    type="submit"
                    name="move"
                    value={`${row.id}:down`}
                    data-move={`${row.id}:down`}
                    aria-label={`${row.name} 아래로`}
                    className="button button--small button--ghost"
                    disabled={index === rows.length - 1}
                    autoFocus={arrivalFocus(row, index, "down")}
                    onClick={(e) => {
                      e.preventDefault();
                      move(row, "down");
                    }}
                  >
                    아래로
                  </button>
                    </>
                  ) : null}
                  <Link to={row.editHref} aria-label={`${row.name} 수정`}>
                    수정
                  </Link>
                  <Link to={row.viewHref} aria-label={`${row.name} ${row.status === "public" ? "보기" : "미리보기"}`}>
                    {row.status === "public" ? "보기" : "미리보기"}
                  </Link>
                  <Link to={row.historyHref} aria-label={`${row.name} 기록`}>
                    기록
                  </Link>
                  <DeleteControl editorPath={row.editHref} from="list" subject={`배우 ‘${row.name}’`} question={artistTrashQuestion(row.name)} />
                </td>
              </tr>
            ))}
          </WorkspaceTable>
          {ordering ? (
            <div className="admin-form__actions">
              <button type="submit" name="intent" value="order" className="button">
                입력한 순서로 저장
              </button>
            </div>
          ) : null}
        </Form>
      )}
    </WorkspacePage>
  );
}
