import { Form, Link } from "react-router";
import type { Route } from "./+types/revision";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleRevisionAction, loadRevision, parseHistorySubject } from "./history.server";
import { WorkspacePage } from "../../../components/admin/workspace-ui";
import { submitKeepingTypedText } from "../../../lib/signed-out-submit";
import { FormErrorBanner } from "../../../components/admin/admin-form-shell";
import { workspaceMeta } from "../../../lib/workspace-meta";

export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadRevision(getRequestContext(context), request, parseHistorySubject(params.subject), params.id, params.revisionId);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return handleRevisionAction(getRequestContext(context), request, parseHistorySubject(params.subject), params.id, params.revisionId);
}

/** With JavaScript: an ended session leaves the form as it is, with the "login expired" banner (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return workspaceMeta(`${loaderData?.record.title ?? ""} 버전 비교`);
}

/** /admin/history/{post|artist}/{id}/{revisionId}: one version next to the current one; restore it. */
export default function RevisionCompare({ loaderData, actionData }: Route.ComponentProps) {
  const { record, revision, current, comparison, historyHref, isCurrent } = loaderData;
  const changed = comparison.filter((c) => c.changed);
  return (
    <WorkspacePage id="revision" title={record.title} eyebrow={`${record.kindLabel} 버전 비교`}>
      <p className="workspace-help">
        {revision.version}번째 버전({revision.when}, {revision.who})과 지금 버전({current.version}번째, {current.when})을 비교합니다.{" "}
        <del className="diff-sample">지운 부분</del>은 {revision.version}번째 버전에만, <ins className="diff-sample">더한 부분</ins>은 지금 버전에만
        있습니다.
      </p>
      <FormErrorBanner reply={actionData} />
      {changed.length === 0 ? <p className="workspace-empty">지금 버전과 같습니다.</p> : null}
      <dl className="revision-diff">
        {changed.map((field) => (
          <div key={field.field} className="revision-diff__field">
            <dt>{field.label}</dt>
            <dd className={field.list ? "revision-diff__list" : undefined}>
              {field.parts.map((part, i) =>
                part.change === "removed" ? (
                  <del key={i}>{part.value}</del>
                ) : part.change === "added" ? (
                  <ins key={i}>{part.value}</ins>
                ) : (
                  <span key={i}>{part.value}</span>
                ),
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="admin-form__actions">
        <Link to={historyHref} className="button button--ghost">
          기록으로 돌아가기
        </Link>
        {isCurrent || record.inTrash ? null : (
          <button type="submit" name="intent" value="restore" className="button">
            {revision.version}번째 버전으로 복원
          </button>
        )}
      </Form>
    </WorkspacePage>
  );
}
