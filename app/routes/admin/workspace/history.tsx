import { Link } from "react-router";
import type { Route } from "./+types/history";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { loadHistory, parseHistorySubject } from "./history.server";
import { WorkspacePage } from "../../../components/admin/workspace-ui";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadHistory(getRequestContext(context), request, parseHistorySubject(params.subject), params.id);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return workspaceMeta(`${loaderData?.record.title ?? ""} 변경 기록`);
}

/** /admin/history/{post|artist}/{id}: every saved version of a post or an artist. */
export default function History({ loaderData }: Route.ComponentProps) {
  const { record, revisions } = loaderData;
  return (
    <WorkspacePage id="history"
      title={record.title} eyebrow={`${record.kindLabel} 변경 기록`}
      actions={
        record.editHref ? (
          <>
            <Link to={record.editHref} className="button button--small">
              편집
            </Link>
          </>
        ) : null
      }
    >
      {record.inTrash ? <p className="form-notice">휴지통에 있습니다. 이전 버전으로 복원하려면 먼저 휴지통에서 꺼내 주세요.</p> : null}
      <p className="workspace-help">저장할 때마다 버전이 하나씩 남습니다. 이전 버전을 지금 버전과 비교하고, 그 버전으로 되돌릴 수 있습니다.</p>
      {revisions.length === 0 ? (
        <p className="workspace-empty">기록이 없습니다. 이 기능이 생기기 전에 저장된 뒤로 바뀐 적이 없습니다.</p>
      ) : (
        <ol className="history-list">
          {revisions.map((revision) => (
            <li key={revision.id} className="history-list__item">
              <p className="history-list__head">
                <strong>{revision.version}번째 버전</strong>
                {revision.current ? <span className="status-badge">지금 버전</span> : null}
                <span className="history-list__meta">
                  {revision.when} · {revision.who}
                </span>
              </p>
              <p className="history-list__changes">
                {[revision.note, revision.changed.length > 0 ? `바뀐 항목: ${revision.changed.join(", ")}` : revision.note ? "" : "바뀐 항목 없음"]
                  .filter(Boolean)
                  .join(". ")}
              </p>
              {revision.current ? null : (
                <Link to={revision.href} className="history-list__compare">
                  {revision.version}번째 버전을 지금 버전과 비교
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
    </WorkspacePage>
  );
}
