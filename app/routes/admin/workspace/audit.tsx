import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { Pagination } from "../../../components/pagination";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { loadAudit } from "./audit.server";
import { FilterDateRange, FilterSearch, FilterSelect, LOG_ENTRY_COLUMNS, LogEntryCells, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadAudit(getRequestContext(context), request);
}

export function meta() {
  return workspaceMeta("활동 기록");
}

/** /admin/audit: who did what, when, and from which address. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter, actions, entities, rows, total, page, pageCount } = loaderData;
  return (
    <WorkspacePage id="audit" title="활동 기록">
      <Form method="get" className="workspace-filter" role="search" aria-label="활동 기록 찾기">
        <FilterSelect label="작업" name="action" value={filter.action} options={actions} />
        <FilterSelect label="대상" name="entity" value={filter.entity} options={entities} />
        <FilterSearch label="작업자" name="actor" value={filter.actor} />
        <FilterDateRange from={filter.from} to={filter.to} />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>
      <p className="workspace-count" role="status">
        {total}건
      </p>
      <WorkspaceTable label="활동 기록 목록" columns={[...LOG_ENTRY_COLUMNS, "작업", "대상"]} rowCount={rows.length} empty="조건에 맞는 기록이 없습니다.">
        {rows.map((row) => (
          <tr key={row.id}>
            <LogEntryCells entry={row} />
            <td data-label="작업">{row.what}</td>
            <th scope="row" className="workspace-table__title">
              {row.subject || "-"}
            </th>
          </tr>
        ))}
      </WorkspaceTable>
      <Pagination page={page} pageCount={pageCount} param="page" label="활동 기록 쪽 이동" />
    </WorkspacePage>
  );
}
