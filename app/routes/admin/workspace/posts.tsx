import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/posts";
import { Pagination } from "../../../components/pagination";
import { POST_STATUS_LABELS, POST_STATUSES } from "../../../domain/content-states";
import { POST_KIND_INFO, POST_KINDS, postEditorPath } from "../../../domain/post-kinds";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleWorkspacePostsAction, loadWorkspacePosts } from "./posts.server";
import { useHydrated } from "../../../lib/use-hydrated";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { FilterSearch, FilterSelect, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { DeleteControl, postTrashQuestion } from "../../../components/admin/delete-control";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadWorkspacePosts(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleWorkspacePostsAction(getRequestContext(context), request);
}

/** With JavaScript: an ended session sends the browser to sign in and come back here (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitOrSignIn(args);
}

export function meta() {
  return workspaceMeta("뉴스·공지 관리");
}

/**
 * /admin/posts: every news post and notice, with its state and last change; a search of titles and
 * text; and a bulk action (publish, unpublish, trash) on the checked rows, one form that works without
 * JavaScript (with it, one more checkbox checks the whole page).
 */
export default function WorkspacePosts({ loaderData }: Route.ComponentProps) {
  const { filter, rows, page, pageCount, total, bulkActions } = loaderData;
  const hydrated = useHydrated();
  const location = useLocation();
  const bulkForm = useRef<HTMLFormElement>(null);
  const selectAll = (checked: boolean) => {
    for (const box of bulkForm.current?.querySelectorAll<HTMLInputElement>('input[name="post"]') ?? []) box.checked = checked;
  };
  return (
    <WorkspacePage id="posts"
      title="뉴스·공지"
      actions={
        <>
          {POST_KINDS.map((kind) => (
            <Link key={kind} to={postEditorPath(kind)} className="button button--small">
              {POST_KIND_INFO[kind].label} 작성
            </Link>
          ))}
        </>
      }
    >

      <Form method="get" className="workspace-filter" role="search" aria-label="글 찾기">
        <FilterSelect label="종류" name="kind" value={filter.kind} options={POST_KINDS.map((kind) => ({ value: kind, label: POST_KIND_INFO[kind].label }))} />
        <FilterSelect
          label="상태"
          name="status"
          value={filter.status}
          options={POST_STATUSES.map((status) => ({ value: status, label: POST_STATUS_LABELS[status] }))}
        />
        <FilterSearch label="제목·내용 검색" name="q" value={filter.q} className="workspace-filter__query" />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>

      <p className="workspace-count" role="status">
        {total}개의 글
      </p>
      {rows.length === 0 ? (
        <p className="workspace-empty">조건에 맞는 글이 없습니다.</p>
      ) : (
        <Form method="post" ref={bulkForm} className="workspace-bulk" aria-label="선택한 글 처리">
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <div className="workspace-bulk__bar">
            <FilterSelect label="선택한 글에 할 작업" name="bulkAction" value="" options={bulkActions} any="작업 선택" className="field workspace-bulk__action" />
            <button type="submit" name="intent" value="bulk" className="button">
              적용
            </button>
          </div>
          <WorkspaceTable
            label="글 목록"
            className="posts-table"
            columns={[
              {
                className: "workspace-table__check",
                label: hydrated ? (
                  <input type="checkbox" aria-label="이 쪽의 글 모두 선택" onChange={(e) => selectAll(e.currentTarget.checked)} />
                ) : (
                  <span className="visually-hidden">선택</span>
                ),
              },
              "제목",
              "종류",
              "상태",
              "날짜",
              "마지막 수정",
            ]}
            actions
          >
            {rows.map((row) => (
              <tr key={row.postId}>
                <td className="workspace-table__check">
                  <input type="checkbox" name="post" value={row.key} aria-label={`${row.title} 선택`} />
                </td>
                <th scope="row" className="workspace-table__title">
                  {row.pinned ? <span className="pin-badge">공지</span> : null}
                  <Link to={row.editHref}>{row.title}</Link>
                </th>
                <td data-label="종류">{row.kindLabel}</td>
                <td data-label="상태">
                  <span className={`status-badge status-badge--${row.status}`}>{row.statusLabel}</span>
                  {row.publishAt ? <span className="workspace-table__sub">{row.publishAt} 공개 예정</span> : null}
                </td>
                <td data-label="날짜">{row.writeDay}</td>
                <td data-label="마지막 수정">
                  {row.updatedBy}
                  <span className="workspace-table__sub">{row.updatedAt}</span>
                </td>
                <td className="workspace-table__actions">
                  <Link to={row.editHref} aria-label={`${row.title} 수정`}>
                    수정
                  </Link>
                  <Link to={row.viewHref} aria-label={`${row.title} ${row.status === "published" ? "보기" : "미리보기"}`}>
                    {row.status === "published" ? "보기" : "미리보기"}
                  </Link>
                  <Link to={row.historyHref} aria-label={`${row.title} 기록`}>
                    기록
                  </Link>
                  <DeleteControl editorPath={row.editHref} from="list" subject={`‘${row.title}’`} question={postTrashQuestion(row.title)} />
                </td>
              </tr>
            ))}
          </WorkspaceTable>
        </Form>
      )}
      <Pagination page={page} pageCount={pageCount} param="page" label="글 목록 쪽 이동" />
    </WorkspacePage>
  );
}
