import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { Pagination } from "../../../components/pagination";
import { getRequestContext } from "../../../server/http/context.server";
import { loadAudit } from "../../../server/workspace/audit.server";
import { FilterSelect, WorkspaceHeader } from "../../../components/admin/workspace-ui";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadAudit(getRequestContext(context), request);
}

export function meta() {
  return [{ title: "활동 기록 | WE ENTERTAINMENT 관리자" }, { name: "robots", content: "noindex, nofollow" }];
}

/** /admin/audit: who did what, when, and from which address. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter, actions, entities, rows, total, page, pageCount } = loaderData;
  return (
    <section className="workspace-page" aria-labelledby="audit-title">
      <WorkspaceHeader titleId="audit-title" title="활동 기록" />
      <Form method="get" className="workspace-filter" role="search" aria-label="활동 기록 찾기">
        <FilterSelect label="한 일" name="action" value={filter.action} options={actions} />
        <FilterSelect label="대상" name="entity" value={filter.entity} options={entities} />
        <label className="field">
          <span className="field__label">한 사람</span>
          <input type="search" name="actor" defaultValue={filter.actor} maxLength={100} />
        </label>
        <label className="field">
          <span className="field__label">시작일</span>
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label className="field">
          <span className="field__label">종료일</span>
          <input type="date" name="to" defaultValue={filter.to} />
        </label>
        <button type="submit" className="button">
          찾기
        </button>
      </Form>
      <p className="workspace-count" role="status">
        {total}건
      </p>
      {rows.length === 0 ? (
        <p className="workspace-empty">조건에 맞는 기록이 없습니다.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="활동 기록 목록" tabIndex={0}>
          <table className="workspace-table">
            <thead>
              <tr>
                <th scope="col">때 (한국 시간)</th>
                <th scope="col">한 사람</th>
                <th scope="col">한 일</th>
                <th scope="col">대상</th>
                <th scope="col">접속 주소</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="때">{row.when}</td>
                  <td data-label="한 사람">{row.who}</td>
                  <td data-label="한 일">{row.what}</td>
                  <th scope="row" className="workspace-table__title">
                    {row.subject || "-"}
                  </th>
                  <td data-label="접속 주소">{row.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} param="page" label="활동 기록 쪽 이동" />
    </section>
  );
}
