import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ARTIST_STATUS_LABELS, ARTIST_STATUSES } from "../../../domain/content-states";
import { postEditorPath } from "../../../domain/post-kinds";
import { ACCOUNT_SECURITY_PATH, PATHS, WORKSPACE_PATHS } from "../../../domain/paths";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { loadDashboard, type WorkspacePostRow } from "./dashboard.server";
import { WorkspaceList, WorkspacePage } from "../../../components/admin/workspace-ui";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context }: Route.LoaderArgs) {
  return loadDashboard(getRequestContext(context));
}

export function meta() {
  return workspaceMeta("관리");
}

function PostRows({ rows, empty, whenLabel }: { rows: WorkspacePostRow[]; empty: string; whenLabel: string }) {
  return (
    <WorkspaceList rows={rows} rowKey={(row) => row.postId} empty={empty}>
      {(row) => (
        <>
          <span className="workspace-list__kind">{row.kindLabel}</span>
          <Link to={row.editHref} className="workspace-list__title">
            {row.title}
          </Link>
          <span className="workspace-list__meta">
            {whenLabel} {row.when} · {row.updatedBy || "-"}
          </span>
        </>
      )}
    </WorkspaceList>
  );
}

/** One card of the overview: its heading, its content, and a line of links to the whole list. */
function DashboardCard({ id, title, wide = false, more, children }: { id: string; title: string; wide?: boolean; more?: ReactNode; children: ReactNode }) {
  return (
    <section className={`dashboard__card${wide ? " dashboard__card--wide" : ""} dashboard__${id}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {more ? <p className="dashboard__more">{more}</p> : null}
    </section>
  );
}

/** /admin: the workspace's overview. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <WorkspacePage id="dashboard"
      title="개요"
      actions={
        data.can.changeContent ? (
        <>
          <Link to={postEditorPath("news")} className="button button--small">
            뉴스 작성
          </Link>
          <Link to={postEditorPath("notice")} className="button button--small">
            공지사항 작성
          </Link>
          <Link to={PATHS.adminArtist} className="button button--small">
            배우 등록
          </Link>
        </>
        ) : null
      }
    >

      {data.securityNotice ? (
        <section className="form-error dashboard__security" role="alert" aria-labelledby="security-notice-title">
          <h2 id="security-notice-title">로그인 보안 알림</h2>
          <p>{data.securityNotice}</p>
          <p>
            본인이 입력한 것이 아니라면 비밀번호가 유출되었을 수 있습니다. <Link to={WORKSPACE_PATHS.account}>비밀번호를 바꾸고</Link>,{" "}
            <Link to={ACCOUNT_SECURITY_PATH}>계정 보안</Link>에서 이 알림을 확인 처리해 주세요.
          </p>
        </section>
      ) : null}
      {data.publicOriginMissing ? (
        <section className="dashboard__warning" aria-labelledby="public-origin-title">
          <h2 id="public-origin-title">사이트 주소(PUBLIC_ORIGIN)가 설정되지 않았습니다</h2>
          <p>
            지금은 요청이 들어온 주소(Host 헤더)를 사이트 주소로 씁니다. 검색엔진에 알리는 대표 주소, 공유 미리보기, 사이트맵, robots.txt, RSS에도 그 주소가
            들어갑니다. 혼자 써 보는 동안에는 괜찮지만, CDN이나 프록시 뒤에 사이트를 두기 전에 서버 환경 변수 <code>PUBLIC_ORIGIN</code>에 공개 주소(예:{" "}
            <code>https://www.we-entertainment.co.kr</code>)를 설정하세요. 설정하지 않으면 CDN이 엉뚱한 주소가 든 페이지를 저장해 모든 방문자에게 보낼 수 있습니다.
          </p>
        </section>
      ) : null}
      <div className="dashboard">
        {data.can.auditions ? (
          <DashboardCard id="auditions" title="오디션 지원" wide more={<Link to={WORKSPACE_PATHS.auditions}>모든 지원서 보기</Link>}>
            <p className="dashboard__figure">
              {data.newApplications > 0 ? (
                <Link to={`${WORKSPACE_PATHS.auditions}?status=received`}>{`새로 접수된 지원서 ${data.newApplications}건`}</Link>
              ) : (
                "새로 접수된 지원서가 없습니다."
              )}
            </p>
          </DashboardCard>
        ) : null}
        {data.can.packages ? (
          <DashboardCard id="packages" title="캐스팅 패키지 소식" wide more={<Link to={WORKSPACE_PATHS.packages}>모든 패키지 보기</Link>}>
            <WorkspaceList rows={data.packageEvents} rowKey={(event) => event.key} empty="최근 2주 동안 열람이나 답변이 없습니다.">
              {(event) => (
                <>
                  <Link to={event.href} className="workspace-list__title">
                    {event.title}
                  </Link>
                  <span className="workspace-list__meta">
                    {event.what} · {event.when}
                  </span>
                </>
              )}
            </WorkspaceList>
          </DashboardCard>
        ) : null}
        {data.can.content ? (
          <>
            <DashboardCard id="drafts" title={`임시 저장 (${data.drafts.length})`}>
              <PostRows rows={data.drafts} empty="임시 저장한 글이 없습니다." whenLabel="수정" />
            </DashboardCard>
            <DashboardCard id="scheduled" title={`예약 공개 (${data.scheduled.length})`}>
              <PostRows rows={data.scheduled} empty="예약한 글이 없습니다." whenLabel="공개 예정" />
            </DashboardCard>
            <DashboardCard id="recent" title="최근 공개한 글" more={<Link to={WORKSPACE_PATHS.posts}>모든 글 보기</Link>}>
              <PostRows rows={data.recent} empty="공개한 글이 없습니다." whenLabel="공개" />
            </DashboardCard>
            <DashboardCard
              id="roster"
              title="배우"
              more={
                <>
                  <Link to={WORKSPACE_PATHS.artists}>배우 목록과 순서 관리</Link>
                  {data.trash > 0 ? (
                    <>
                      {" · "}
                      <Link to={WORKSPACE_PATHS.trash}>휴지통 {data.trash}건</Link>
                    </>
                  ) : null}
                </>
              }
            >
              <dl className="dashboard__counts">
                {ARTIST_STATUSES.map((status) => (
                  <div key={status}>
                    <dt>{ARTIST_STATUS_LABELS[status]}</dt>
                    <dd>{data.artists[status]}명</dd>
                  </div>
                ))}
              </dl>
            </DashboardCard>
          </>
        ) : null}
        {data.can.activity ? (
          <DashboardCard id="changes" title="최근 변경" wide more={<Link to={WORKSPACE_PATHS.audit}>활동 기록 전체 보기</Link>}>
            <WorkspaceList rows={data.changes} rowKey={(change) => change.id} empty="아직 기록이 없습니다.">
              {(change) => (
                <>
                  <span className="workspace-list__title">
                    {change.what} {change.subject ? <span className="workspace-list__subject">{change.subject}</span> : null}
                  </span>
                  <span className="workspace-list__meta">
                    {change.when} · {change.who}
                  </span>
                </>
              )}
            </WorkspaceList>
          </DashboardCard>
        ) : null}
      </div>
    </WorkspacePage>
  );
}
