import { Form, Link } from "react-router";
import type { Route } from "./+types/posts";
import { Pagination } from "../../../components/pagination";
import { POST_STATUS_LABELS, POST_STATUSES } from "../../../domain/content-states";
import { POST_KIND_INFO, POST_KINDS, postEditorPath } from "../../../domain/post-kinds";
import { getRequestContext } from "../../../server/http/context.server";
import { loadWorkspacePosts } from "../../../server/workspace/posts.server";
import { FilterSearch, FilterSelect, WorkspaceHeader, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { adminMeta } from "../../../lib/admin-meta";
import { DeleteControl, postTrashQuestion } from "../../../components/admin/delete-control";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadWorkspacePosts(getRequestContext(context), request);
}

export function meta() {
  return adminMeta("뉴스·공지 관리");
}

/** /admin/posts: every news post and notice, with its state and last change. */
export default function WorkspacePosts({ loaderData }: Route.ComponentProps) {
  const { filter, rows, page, pageCount, total } = loaderData;
  return (
    <section className="workspace-page" aria-labelledby="posts-title">
      <WorkspaceHeader
        titleId="posts-title" title="뉴스·공지"
        actions={
          <>
            {POST_KINDS.map((kind) => (
              <Link key={kind} to={postEditorPath(kind)} className="button button--small">
                {POST_KIND_INFO[kind].label} 작성
              </Link>
            ))}
          </>
        }
      />

      <Form method="get" className="workspace-filter" role="search" aria-label="글 찾기">
        <FilterSelect label="종류" name="kind" value={filter.kind} options={POST_KINDS.map((kind) => ({ value: kind, label: POST_KIND_INFO[kind].label }))} />
        <FilterSelect
          label="상태"
          name="status"
          value={filter.status}
          options={POST_STATUSES.map((status) => ({ value: status, label: POST_STATUS_LABELS[status] }))}
        />
        <FilterSearch label="제목 검색" name="q" value={filter.q} className="workspace-filter__query" />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>

      <p className="workspace-count" role="status">
        {total}개의 글
      </p>
      <WorkspaceTable label="글 목록" columns={["제목", "종류", "상태", "날짜", "마지막 수정"]} actions rowCount={rows.length} empty="조건에 맞는 글이 없습니다.">
        {rows.map((row) => (
          <tr key={row.postId}>
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
      <Pagination page={page} pageCount={pageCount} param="page" label="글 목록 쪽 이동" />
    </section>
  );
}
