import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/auditions";
import { Pagination } from "../../../components/pagination";
import { FilterSearch, FilterSelect, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { MAX_AUDITION_QUERY_LENGTH } from "../../../domain/audition-review";
import { AUDITION_PATHS } from "../../../domain/auditions";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { useHydrated } from "../../../lib/use-hydrated";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleWorkspaceAuditionsAction, loadWorkspaceAuditions } from "./auditions.server";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { DownloadReasonFields } from "../../../components/admin/download-reason";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadWorkspaceAuditions(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleWorkspaceAuditionsAction(getRequestContext(context), request);
}

export function meta() {
  return workspaceMeta("오디션 지원");
}

/**
 * /admin/auditions: the applications, newest first, with filters and a search. One form around the
 * table carries the checked rows to a bulk status change or to the CSV export; it is a plain document
 * form (with or without JavaScript), since the export answers with a file.
 */
export default function WorkspaceAuditions({ loaderData }: Route.ComponentProps) {
  const { filter, statusOptions, rows, page, pageCount, total, duplicateLabel, englishLabel, reasons, reasonMaxLength } = loaderData;
  // Where the bulk actions come back to: this list as it is (filters, page). Read from the location,
  // not the request, whose path is the data request's after a client-side search.
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  const hydrated = useHydrated();
  const bulkForm = useRef<HTMLFormElement>(null);
  const selectAll = (checked: boolean) => {
    for (const box of bulkForm.current?.querySelectorAll<HTMLInputElement>('input[name="id"]') ?? []) box.checked = checked;
  };

  return (
    <WorkspacePage
      id="auditions"
      title="오디션 지원"
      actions={
        <Link to={AUDITION_PATHS.apply} className="button button--small button--ghost">
          사이트의 지원 양식
        </Link>
      }
    >
      <p className="workspace-help">
        지원서에는 지원자의 개인정보가 들어 있습니다. 심사에 필요한 만큼만 보고, 내려받은 파일은 심사가 끝나면 지워 주세요. 최종 결과(최종 합격·불합격)를 정하면 그날부터 보관 기간이 계산됩니다.
        {` ‘${duplicateLabel}’ 표시는 같은 휴대전화 번호나 이메일로 가까운 시기에 다른 지원서도 들어왔다는 뜻입니다.`}
      </p>

      <Form method="get" className="workspace-filter" role="search" aria-label="지원서 찾기">
        <FilterSelect label="상태" name="status" value={filter.status} options={statusOptions} />
        <FilterSearch label="이름·접수번호·연락처 검색" name="q" value={filter.q} maxLength={MAX_AUDITION_QUERY_LENGTH} className="workspace-filter__query" />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>

      <p className="workspace-count" role="status">
        {`${total}건의 지원서`}
      </p>
      {rows.length === 0 ? (
        <p className="workspace-empty">{filter.status || filter.q ? "조건에 맞는 지원서가 없습니다." : "아직 들어온 지원서가 없습니다."}</p>
      ) : (
        <Form method="post" reloadDocument ref={bulkForm} className="audition-bulk" aria-label="선택한 지원서 처리">
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="audition-bulk__bar">
            <FilterSelect label="선택한 지원서의 상태" name="status" value="" options={statusOptions} any="상태 선택" className="field audition-bulk__status" />
            <button type="submit" name="intent" value="status" className="button">
              상태 바꾸기
            </button>
          </div>
          <div className="audition-bulk__bar audition-bulk__export">
            <DownloadReasonFields reasons={reasons} maxLength={reasonMaxLength} legend="CSV로 내보내는 이유 (접속기록에 남습니다)" />
            <button type="submit" name="intent" value="export" formAction={WORKSPACE_PATHS.auditionExport} className="button button--ghost">
              CSV 내보내기
            </button>
          </div>
          <WorkspaceTable
            label="지원서 목록"
            className="audition-table"
            columns={[
              {
                className: "audition-table__check",
                label: hydrated ? (
                  <input type="checkbox" aria-label="이 쪽의 지원서 모두 선택" onChange={(e) => selectAll(e.currentTarget.checked)} />
                ) : (
                  <span className="visually-hidden">선택</span>
                ),
              },
              "접수번호",
              "이름",
              "나이",
              "접수일",
              "상태",
            ]}
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="audition-table__check">
                  <input type="checkbox" name="id" value={row.id} aria-label={`${row.receiptNumber} ${row.name} 선택`} />
                </td>
                <td data-label="접수번호" className="audition-table__receipt">
                  {row.receiptNumber}
                </td>
                <th scope="row" className="workspace-table__title">
                  <Link to={row.href}>{row.name}</Link>
                  {row.english ? <span className="status-badge status-badge--english">{englishLabel}</span> : null}
                  {row.duplicate ? <span className="status-badge status-badge--duplicate">{duplicateLabel}</span> : null}
                </th>
                <td data-label="나이">{`만 ${row.age}세`}</td>
                <td data-label="접수일">{row.receivedAt}</td>
                <td data-label="상태">
                  <span className={`status-badge status-badge--audition-${row.status}`}>{row.statusLabel}</span>
                </td>
              </tr>
            ))}
          </WorkspaceTable>
        </Form>
      )}
      <Pagination page={page} pageCount={pageCount} param="page" label="지원서 목록 쪽 이동" />
    </WorkspacePage>
  );
}
