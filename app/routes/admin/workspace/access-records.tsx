import { Form, Link } from "react-router";
import type { Route } from "./+types/access-records";
import { Pagination } from "../../../components/pagination";
import { FilterDateRange, FilterSearch, FilterSelect, LOG_ENTRY_COLUMNS, LogEntryCells, WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleAccessRecordsAction, loadAccessRecords } from "./access-records.server";
import { MAX_INSPECTION_NOTE_LENGTH } from "../../../domain/access-records";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadAccessRecords(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleAccessRecordsAction(getRequestContext(context), request);
}

export function meta() {
  return workspaceMeta("접속기록");
}

type Inspection = NonNullable<Route.ComponentProps["loaderData"]["inspection"]>;

/** The monthly inspection of one month: counts, flagged patterns, and the mark. */
function MonthlyInspection({ inspection, burstRule }: { inspection: Inspection; burstRule: { applications: number; minutes: number } }) {
  const flagged = inspection.bursts.length + inspection.night.length + inspection.exports.length;
  return (
    <section className="access-inspection" aria-labelledby="inspection-title">
      <h2 id="inspection-title">{`${inspection.label} 점검`}</h2>
      {inspection.inspected ? (
        <p className="access-inspection__done">
          {`${inspection.inspected.when}에 ${inspection.inspected.who} 님이 점검을 마쳤습니다.`}
          {inspection.inspected.headId !== null ? ` 점검 때 마지막 기록: #${inspection.inspected.headId}.` : ""}
          {inspection.inspected.note ? ` 메모: ${inspection.inspected.note}` : ""}
        </p>
      ) : null}

      <h3 className="field__label">사람별·작업별 건수</h3>
      <WorkspaceTable label={`${inspection.label} 사람별·작업별 건수`} columns={["작업자", "작업", "건수"]} rowCount={inspection.counts.length} empty="이 달에는 기록이 없습니다.">
        {inspection.counts.map((c) => (
          <tr key={`${c.who}-${c.action}`}>
            <th scope="row">{c.who}</th>
            <td data-label="작업">{c.action}</td>
            <td data-label="건수">{`${c.entries}건`}</td>
          </tr>
        ))}
      </WorkspaceTable>

      <h3 className="field__label">{`살펴볼 기록 ${flagged}건`}</h3>
      {flagged === 0 ? (
        <p className="workspace-help">이 달에는 눈여겨볼 기록이 없습니다.</p>
      ) : (
        <ul className="access-inspection__flags">
          {inspection.bursts.map((b) => (
            <li key={`burst-${b.who}-${b.from}`}>
              {`한꺼번에 많이 열람: ${b.who} 님이 ${b.from}부터 ${b.to}까지 지원서 ${b.applications}건을 열었습니다 (${burstRule.minutes}분 안에 ${burstRule.applications}건 이상).`}
            </li>
          ))}
          {inspection.night.map((n) => (
            <li key={`night-${n.id}`}>
              {`늦은 시간 내려받기: ${n.when} ${n.who} 님의 ${n.action} (지원서 ${n.receipts}건${n.reason ? `, 이유: ${n.reason}` : ""}) · 기록 #${n.id}`}
            </li>
          ))}
          {inspection.exports.map((e) => (
            <li key={`export-${e.id}`}>
              {`CSV 내보내기: ${e.when} ${e.who} 님, 지원서 ${e.receipts}건${e.reason ? ` (이유: ${e.reason})` : ""} · 기록 #${e.id}`}
            </li>
          ))}
        </ul>
      )}

      {inspection.inspected === null && inspection.canMark ? (
        <Form method="post" className="admin-form">
          <input type="hidden" name="month" value={inspection.month} />
          <label className="field">
            <span className="field__label">점검 메모 (선택)</span>
            <textarea name="note" rows={2} maxLength={MAX_INSPECTION_NOTE_LENGTH} />
          </label>
          <div className="admin-form__actions">
            <button type="submit" name="intent" value="inspect" className="button">
              {`${inspection.label} 점검 완료로 기록`}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * /admin/access-records: who opened, searched, downloaded, exported or changed applicants' personal
 * data, when and from where (접속기록, decision 039), with the chain's check and the monthly inspection.
 */
export default function AccessRecords({ loaderData }: Route.ComponentProps) {
  const { filter, actions, chain, rows, total, page, pageCount, inspection, inspectMonth, burstRule } = loaderData;
  return (
    <WorkspacePage id="access" title="접속기록">
      <p className="workspace-help">
        지원자의 개인정보를 열람·검색하거나 내려받고 바꾼 기록입니다. 지원자는 이름 대신 접수번호로만 남습니다. 기록은 고칠 수 없으며, 매달 한 번 지난 달의 기록을
        점검해 주세요.
      </p>
      {chain.ok ? (
        <p className="access-chain">
          {`기록 ${chain.count}건의 연결을 확인했습니다. 바뀌거나 지워진 기록이 없습니다.`}
          {chain.anchors > 0 ? ` 적어 둔 마지막 기록 ${chain.anchors}개도 그대로 있습니다.` : ""}
          {chain.fileRead ? "" : " 백업 옆의 기록 파일은 읽지 못해 확인하지 못했습니다."}
          {chain.head ? (
            <>
              {` 마지막 기록: #${chain.head.id}, 해시 `}
              <code className="access-chain__hash">{chain.head.hash}</code>
            </>
          ) : null}
        </p>
      ) : (
        <p className="access-chain access-chain--broken" role="alert">
          {`위·변조 경고: ${chain.message}`}
        </p>
      )}

      <Form method="get" className="workspace-filter" aria-label="월별 점검 열기">
        <label className="field">
          <span className="field__label">점검할 달</span>
          <input type="month" name="month" defaultValue={inspection?.month ?? inspectMonth} min="2020-01" />
        </label>
        <button type="submit" className="button">
          월별 점검 보기
        </button>
      </Form>
      {inspection ? <MonthlyInspection inspection={inspection} burstRule={burstRule} /> : null}

      <h2 className="visually-hidden">기록 목록</h2>
      <Form method="get" className="workspace-filter" role="search" aria-label="접속기록 찾기">
        <FilterSearch label="작업자" name="actor" value={filter.actor} />
        <FilterSelect label="작업" name="action" value={filter.action} options={actions} />
        <FilterSearch label="접수번호" name="receipt" value={filter.receipt} maxLength={40} />
        <FilterDateRange from={filter.from} to={filter.to} />
        <button type="submit" className="button">
          찾기
        </button>
      </Form>
      <p className="workspace-count" role="status">
        {`${total}건`}
      </p>
      <WorkspaceTable
        label="접속기록 목록"
        columns={[...LOG_ENTRY_COLUMNS, "작업", "지원서 (접수번호)", "이유"]}
        rowCount={rows.length}
        empty="조건에 맞는 기록이 없습니다."
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <LogEntryCells entry={row} />
            <th scope="row" className="workspace-table__title">
              {row.action}
              {row.details ? <span className="workspace-help">{` · ${row.details}`}</span> : null}
            </th>
            <td data-label="지원서">
              {row.receipts.length === 0 ? (
                "-"
              ) : (
                <ul className="access-receipts">
                  {row.receipts.slice(0, 10).map((r) =>
                    r.href ? (
                      <li key={r.receipt}>
                        <Link to={r.href}>{r.receipt}</Link>
                      </li>
                    ) : (
                      <li key={r.receipt}>{r.receipt}</li>
                    ),
                  )}
                  {row.receipts.length > 10 ? <li>{`외 ${row.receipts.length - 10}건`}</li> : null}
                </ul>
              )}
            </td>
            <td data-label="이유">{row.reason || "-"}</td>
          </tr>
        ))}
      </WorkspaceTable>
      <Pagination page={page} pageCount={pageCount} param="page" label="접속기록 쪽 이동" />
    </WorkspacePage>
  );
}
