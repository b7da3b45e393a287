import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/site-import";
import { FormStatus } from "../../../components/form-status";
import { Field } from "../../../widgets/field";
import { WorkspacePage, WorkspaceTable } from "../../../components/admin/workspace-ui";
import { formatBytes, IMPORT_KIND_LABELS, IMPORT_KINDS, IMPORT_OUTCOME_LABELS, IMPORT_OUTCOMES, type ImportNote, type SiteImportReport } from "../../../domain/site-import";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { workspaceMeta } from "../../../lib/workspace-meta";
import { getRequestContext } from "../../../server/route-kit/context.server";
import { handleSiteImportAction, loadSiteImport, type SiteImportFormValues } from "./site-import.server";

export function loader({ context }: Route.LoaderArgs) {
  return loadSiteImport(getRequestContext(context));
}

export function action({ context, request }: Route.ActionArgs) {
  return handleSiteImportAction(getRequestContext(context), request);
}

export function meta() {
  return workspaceMeta("이전 사이트 가져오기");
}

const STATE_LABELS = { running: "가져오는 중", finished: "마침", failed: "중단됨", interrupted: "중간에 끊김 (다시 실행하면 이어서 가져옵니다)" } as const;

/** How often the page looks again while a run goes on (with JavaScript; without it, the page's link does). */
const POLL_MS = 2_000;

/**
 * /admin/import: start the move from the original site (the server runs it as its own job), follow it,
 * and read what the last run did. The command line's runs show here too (decision 045).
 */
export default function SiteImport({ loaderData, actionData }: Route.ComponentProps) {
  const { last, dryRun, defaults } = loaderData;
  const reply = actionData as { formError: string; fields: Record<string, string>; values: SiteImportFormValues } | undefined;
  const values = reply?.values ?? defaults;
  const errors = reply?.fields ?? {};
  const running = last?.state === "running";
  const submitting = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <WorkspacePage id="site-import" className="site-import-page" title="이전 사이트 가져오기">
      <p className="workspace-help">
        지금 쓰고 있는 예전 사이트의 배우, 뉴스, 공지사항을 사진과 함께 이 사이트로 옮깁니다. 여러 번 실행해도 됩니다. 새로 생긴 것은 더하고, 예전 사이트에서 바뀐 것은
        고치며, 여기서 고친 기록은 덮어쓰지 않고 충돌로 알려 드립니다. 여기 있는 것은 지우지 않습니다.
      </p>
      <FormStatus error={reply?.formError} />
      {/* Drawn again (its defaults) after each run: a dry run's address and kinds carry over to the real one. */}
      <Form method="post" className="site-import-form" aria-label="가져오기 시작" noValidate key={reply ? "reply" : `${dryRun?.startedAt ?? ""}-${last?.id ?? ""}`}>
        <Field
          name="from"
          label="예전 사이트 주소"
          required
          hint="지금 쓰고 있는 예전 WE ENTERTAINMENT 사이트의 주소입니다. 예: https://old.we-ent.co.kr"
          error={errors.from}
        >
          {(control) => <input {...control} type="url" inputMode="url" autoComplete="url" defaultValue={values.from} placeholder="https://old.we-ent.co.kr" autoFocus={errors.from ? true : undefined} />}
        </Field>
        <fieldset className="field" aria-describedby={errors.only ? "site-import-only-error" : undefined}>
          <legend className="field__label">가져올 항목</legend>
          {IMPORT_KINDS.map((kind) => (
            <label key={kind} className="field--checkbox">
              <input type="checkbox" name="only" value={kind} defaultChecked={values.only.includes(kind)} /> {IMPORT_KIND_LABELS[kind]}
            </label>
          ))}
          {errors.only ? (
            <span className="field__error" id="site-import-only-error">
              {errors.only}
            </span>
          ) : null}
        </fieldset>
        <label className="field--checkbox">
          <input type="checkbox" name="dryRun" defaultChecked={values.dryRun} /> 시험 실행 (무엇을 가져올지 보고만 하고 저장하지 않습니다)
        </label>
        <button type="submit" className="button" disabled={running || submitting}>
          {submitting ? "시작하는 중…" : "가져오기 시작"}
        </button>
      </Form>

      {dryRun ? <ImportReport title="시험 실행 결과" report={dryRun} heading="h2" /> : null}
      {last ? (
        <div className="site-import-last">
          <h2>지난 가져오기</h2>
          <dl className="site-import-facts">
            <dt>상태</dt>
            <dd role={running ? "status" : undefined}>{STATE_LABELS[last.state]}</dd>
            <dt>예전 사이트</dt>
            <dd>{last.report.origin}</dd>
            <dt>실행한 사람</dt>
            <dd>{last.actor || "-"}</dd>
            <dt>시작</dt>
            <dd>{last.startedAt}</dd>
            {last.finishedAt ? (
              <>
                <dt>끝</dt>
                <dd>{last.finishedAt}</dd>
              </>
            ) : null}
          </dl>
          {running ? (
            <p>
              <progress max={Math.max(1, last.report.progress.total)} value={last.report.progress.done} aria-label="가져오기 진행" />{" "}
              {`${last.report.progress.done} / ${last.report.progress.total}`} <Link to={WORKSPACE_PATHS.siteImport}>새로 고침</Link>
            </p>
          ) : null}
          <ImportReport title="결과" report={last.report} heading="h3" />
        </div>
      ) : (
        <p className="workspace-empty">아직 가져온 적이 없습니다.</p>
      )}
    </WorkspacePage>
  );
}

function ImportReport({ title, report, heading: Heading }: { title: string; report: SiteImportReport; heading: "h2" | "h3" }) {
  return (
    <section className="site-import-report" aria-label={title}>
      <Heading>{title}</Heading>
      <WorkspaceTable label={`${title}: 항목별 건수`} columns={["항목", ...IMPORT_OUTCOMES.map((o) => IMPORT_OUTCOME_LABELS[o])]}>
        {report.only.map((kind) => (
          <tr key={kind}>
            <th scope="row">{IMPORT_KIND_LABELS[kind]}</th>
            {IMPORT_OUTCOMES.map((outcome) => (
              <td key={outcome} data-label={IMPORT_OUTCOME_LABELS[outcome]}>
                {report.counts[kind][outcome]}
              </td>
            ))}
          </tr>
        ))}
      </WorkspaceTable>
      <p>{`이미지: 내려받음 ${report.images.downloaded}개(${formatBytes(report.images.bytes)}), 이미 있음 ${report.images.reused}개, 실패 ${report.images.failed}개 · 걸린 시간 ${report.seconds.toFixed(1)}초`}</p>
      <FormStatus error={report.error} />
      <Notes title="충돌 (여기서 고친 기록은 그대로 두었습니다)" notes={report.conflicts} />
      <Notes title="건너뜀" notes={report.skipped} />
      <Notes title="고쳐서 가져옴" notes={report.repaired} />
    </section>
  );
}

function Notes({ title, notes }: { title: string; notes: ImportNote[] }) {
  if (notes.length === 0) return null;
  return (
    <details className="site-import-notes" open={notes.length <= 10}>
      <summary>{`${title} ${notes.length}건`}</summary>
      <ul>
        {notes.map((note, index) => (
          <li key={index}>
            <strong>{`${IMPORT_KIND_LABELS[note.kind]} ${note.record}`}</strong>: {note.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
