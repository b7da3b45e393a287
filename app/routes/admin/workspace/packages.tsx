import { Link } from "react-router";
import type { Route } from "./+types/packages";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { loadPackages } from "./packages.server";
import { WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context }: Route.LoaderArgs) {
  return loadPackages(getRequestContext(context));
}

export function meta() {
  return workspaceMeta("캐스팅 패키지");
}

/** /admin/packages: every package, whether and when its recipient opened it, and their answers (decision 047). */
export default function Packages({ loaderData }: Route.ComponentProps) {
  const { packages } = loaderData;
  return (
    <WorkspacePage
      id="packages"
      className="packages-page"
      title="캐스팅 패키지"
      actions={
        <Link to={WORKSPACE_PATHS.packageNew} className="button button--small">
          새 패키지
        </Link>
      }
    >
      <p className="workspace-help">
        제작사에 보내는 비공개 배우 제안입니다. 패키지마다 따로 만든 링크로만 열 수 있고, 검색이나 사이트 목록에는 나오지 않습니다. 받는 분이 언제 열었는지, 어떤 배우를 봤는지, 어떤 답을
        남겼는지 여기서 확인합니다.
      </p>
      <WorkspaceTable label="캐스팅 패키지 목록" columns={["제목", "받는 분", "상태", "열람", "답변", "만든 날"]} rowCount={packages.length} empty="아직 만든 패키지가 없습니다.">
        {packages.map((p) => (
          <tr key={p.id}>
            <th scope="row" className="workspace-table__title">
              <Link to={p.href}>{p.title}</Link>
              <span className="workspace-list__meta">{`배우 ${p.artistCount}명 · ${p.localeLabel} · ${p.lastDay}까지`}</span>
            </th>
            <td>{p.recipient}</td>
            <td>
              <span className={`package-state package-state--${p.state}`}>{p.stateLabel}</span>
            </td>
            <td>
              {p.firstOpenedAt ? `${p.visitCount}회 · 마지막 ${p.lastOpenedAt}` : "아직 열지 않음"}
              {p.firstOpenedAt ? (
                <span className="workspace-list__meta">{`프로필 ${p.openedArtistCount}/${p.artistCount}명 열어 봄${p.pdfDownloads > 0 ? ` · 전체 PDF ${p.pdfDownloads}회` : ""}`}</span>
              ) : null}
            </td>
            <td>{p.answerCount > 0 ? `${p.answerCount}건` : "-"}</td>
            <td>
              {p.createdAt}
              {p.createdBy ? <span className="workspace-list__meta">{p.createdBy}</span> : null}
            </td>
          </tr>
        ))}
      </WorkspaceTable>
    </WorkspacePage>
  );
}
