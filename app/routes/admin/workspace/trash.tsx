import { Form, Link } from "react-router";
import type { Route } from "./+types/trash";
import { withParticle } from "../../../domain/korean";
import { WORKSPACE_PATHS } from "../../../domain/site-routes";
import { getRequestContext } from "../../../server/http/context.server";
import { handleTrashAction, loadTrash } from "../../../server/workspace/trash.server";
import { WorkspaceHeader, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { submitOrSignIn } from "../../../lib/signed-out-submit";
import { adminMeta } from "../../../lib/admin-meta";

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
  return adminMeta("휴지통");
}

/** /admin/trash: deleted posts and artists; restore, delete for good, empty the trash. */
export default function Trash({ loaderData }: Route.ComponentProps) {
  const { items, confirmAll, confirmItem: item, retentionDays } = loaderData;

  if (confirmAll || item) {
    const all = confirmAll;
    return (
      <section className="workspace-page admin-confirm" aria-labelledby="confirm-title">
        <h1 id="confirm-title" className="workspace-page__title">
          {all ? "휴지통 비우기" : "영구 삭제"}
        </h1>
        <p>
          {all
            ? `휴지통의 ${items.length}건을 모두 영구 삭제할까요?`
            : item!.kindLabel === "배우"
              ? `배우 ‘${item!.title}’의 프로필을 영구 삭제할까요?`
              : `${item!.kindLabel} ${withParticle(`‘${item!.title}’`, "을/를")} 영구 삭제할까요?`}{" "}
          영구 삭제하면 되돌릴 수 없고, 다른 곳에서 쓰지 않는 사진도 함께 지워집니다.
        </p>
        <Form method="post" className="admin-form__actions">
          <Link to={WORKSPACE_PATHS.trash} className="button button--ghost">
            취소
          </Link>
          {item ? <input type="hidden" name="key" value={item.key} /> : null}
          <button type="submit" name="intent" value={all ? "empty" : "purge"} className="button button--danger">
            영구 삭제
          </button>
        </Form>
      </section>
    );
  }

  return (
    <section className="workspace-page" aria-labelledby="trash-title">
      <WorkspaceHeader
        titleId="trash-title" title="휴지통"
        actions={
          items.length > 0 ? (
            <>
              <Link to="?confirm=all" className="button button--small button--danger">
                휴지통 비우기
              </Link>
            </>
          ) : null
        }
      />
      <p className="workspace-help">
        삭제한 글과 배우는 {retentionDays}일 동안 여기에 남아 있다가 자동으로 영구 삭제됩니다. 휴지통에 있는 동안에는 사이트와 API에 보이지 않습니다.
      </p>
      <WorkspaceTable label="휴지통에 있는 글과 배우" columns={["제목·이름", "종류", "삭제 일시", "남은 기간"]} actions rowCount={items.length} empty="휴지통이 비어 있습니다.">
        {items.map((item) => (
          <tr key={item.key}>
            <th scope="row" className="workspace-table__title">
              {item.title}
            </th>
            <td data-label="종류">{item.kindLabel}</td>
            <td data-label="삭제 일시">
              {item.deletedAt}
              <span className="workspace-table__sub">{item.deletedBy}</span>
            </td>
            <td data-label="남은 기간">{item.daysLeft === 0 ? "오늘 영구 삭제" : `${item.daysLeft}일`}</td>
            <td className="workspace-table__actions">
              <Form method="post">
                <input type="hidden" name="key" value={item.key} />
                <button type="submit" name="intent" value="restore" className="button button--small" aria-label={`${item.title} 복원`}>
                  복원
                </button>
              </Form>
              <Link to={`?confirm=${item.key}`} className="button button--small button--danger" aria-label={`${item.title} 영구 삭제`}>
                영구 삭제
              </Link>
            </td>
          </tr>
        ))}
      </WorkspaceTable>
    </section>
  );
}
