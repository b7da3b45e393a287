import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/trash";
import { withParticle } from "../../../domain/korean";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleTrashAction, loadTrash } from "./trash.server";
import { ConfirmActions, FilterSelect, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { Pagination } from "../../../components/pagination";
import { useHydrated } from "../../../lib/use-hydrated";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadTrash(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleTrashAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("휴지통");
}

/** What a permanent delete asks about one row. */
function purgeQuestion(item: { kindLabel: string; title: string }): string {
  return item.kindLabel === "배우" ? `배우 ‘${item.title}’의 프로필을 영구 삭제할까요?` : `${item.kindLabel} ${withParticle(`‘${item.title}’`, "을/를")} 영구 삭제할까요?`;
}

/**
 * /admin/trash: deleted posts and artists, a page at a time and filtered by kind; restore or delete for
 * good one row, the checked rows (one form: it works without JavaScript) or everything. Deleting for
 * good always asks first, on a page of its own.
 */
export default function Trash({ loaderData }: Route.ComponentProps) {
  const { items, confirmAll, confirmItem: item, confirmSelected, retentionDays, total, matching, page, pageCount, filter, kindOptions } = loaderData;
  const hydrated = useHydrated();
  const location = useLocation();
  const bulkForm = useRef<HTMLFormElement>(null);
  const selectAll = (checked: boolean) => {
    for (const box of bulkForm.current?.querySelectorAll<HTMLInputElement>('input[name="key"]') ?? []) box.checked = checked;
  };

  if (confirmAll || item || confirmSelected.length > 0) {
    const question = confirmAll
      ? `휴지통의 ${total}건을 모두 영구 삭제할까요?`
      : item
        ? purgeQuestion(item)
        : confirmSelected.length === 1
          ? purgeQuestion(confirmSelected[0]!)
          : `선택한 ${confirmSelected.length}건을 영구 삭제할까요?`;
    return (
      <section className="workspace-page admin-confirm" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="workspace-page__title" tabIndex={-1}>
          {confirmAll ? "휴지통 비우기" : "영구 삭제"}
        </h1>
        <p>
          {question} 영구 삭제하면 되돌릴 수 없고, 다른 곳에서 쓰지 않는 사진도 함께 지워집니다.
        </p>
        {confirmSelected.length > 1 ? (
          <ul className="admin-confirm__list">
            {confirmSelected.map((selected) => (
              <li key={selected.key}>
                {selected.kindLabel} ‘{selected.title}’
              </li>
            ))}
          </ul>
        ) : null}
        <ConfirmActions
          cancelTo={WORKSPACE_PATHS.trash}
          intent={confirmAll ? "empty" : item ? "purge" : "purge-selected"}
          label="영구 삭제"
          fields={{ key: [...(item ? [item.key] : []), ...confirmSelected.map((selected) => selected.key)] }}
        />
      </section>
    );
  }

  return (
    <WorkspacePage
      id="trash"
      title="휴지통"
      actions={
        total > 0 ? (
          <Link to="?confirm=all" className="button button--small button--danger">
            휴지통 비우기
          </Link>
        ) : null
      }
    >
      <p className="workspace-help">
        삭제한 글과 배우는 {retentionDays}일 동안 여기에 남아 있다가 자동으로 영구 삭제됩니다. 휴지통에 있는 동안에는 사이트와 API에 보이지 않습니다.
      </p>
      <Form method="get" className="workspace-filter" role="search" aria-label="휴지통 찾기">
        <FilterSelect label="종류" name="kind" value={filter.kind} options={kindOptions} />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>
      <p className="workspace-count" role="status">
        {filter.kind ? `휴지통 ${total}건 중 ${matching}건` : `${total}건`}
      </p>
      {items.length === 0 ? (
        <p className="workspace-empty">{filter.kind ? "조건에 맞는 항목이 없습니다." : "휴지통이 비어 있습니다."}</p>
      ) : (
        <Form method="post" ref={bulkForm} className="workspace-bulk" aria-label="선택한 항목 처리">
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <div className="workspace-bulk__bar">
            <button type="submit" name="intent" value="restore-selected" className="button">
              선택 복원
            </button>
            {/* Asks first: the checked rows go to the confirmation page (a GET of this page). */}
            <button type="submit" name="confirm" value="selected" formMethod="get" className="button button--danger">
              선택 영구 삭제
            </button>
          </div>
          <WorkspaceTable
            label="휴지통에 있는 글과 배우"
            columns={[
              {
                className: "workspace-table__check",
                label: hydrated ? (
                  <input type="checkbox" aria-label="이 쪽의 항목 모두 선택" onChange={(e) => selectAll(e.currentTarget.checked)} />
                ) : (
                  <span className="visually-hidden">선택</span>
                ),
              },
              "제목·이름",
              "종류",
              "삭제 일시",
              "남은 기간",
            ]}
            actions
          >
            {items.map((row) => (
              <tr key={row.key}>
                <td className="workspace-table__check">
                  <input type="checkbox" name="key" value={row.key} aria-label={`${row.title} 선택`} />
                </td>
                <th scope="row" className="workspace-table__title">
                  {row.title}
                </th>
                <td data-label="종류">{row.kindLabel}</td>
                <td data-label="삭제 일시">
                  {row.deletedAt}
                  <span className="workspace-table__sub">{row.deletedBy}</span>
                </td>
                <td data-label="남은 기간">{row.daysLeft === 0 ? "오늘 영구 삭제" : `${row.daysLeft}일`}</td>
                <td className="workspace-table__actions">
                  <button type="submit" name="intent" value={`restore:${row.key}`} className="button button--small" aria-label={`${row.title} 복원`}>
                    복원
                  </button>
                  <Link to={`?confirm=${row.key}`} className="button button--small button--danger" aria-label={`${row.title} 영구 삭제`}>
                    영구 삭제
                  </Link>
                </td>
              </tr>
            ))}
          </WorkspaceTable>
        </Form>
      )}
      <Pagination page={page} pageCount={pageCount} param="page" label="휴지통 쪽 이동" />
    </WorkspacePage>
  );
}
