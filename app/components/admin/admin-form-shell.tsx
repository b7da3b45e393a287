import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { withParticle } from "../../domain/korean";
import { DEFAULT_INTENT } from "../../domain/media-uses";
import { PATHS, type DeleteReturn } from "../../domain/paths";
import type { StaffFormReply } from "../../lib/admin-form-reply";
import type { useEditorDraft } from "../../lib/use-editor-draft";
import { useFocusOnArrival } from "./focus-on-arrival";
import { LeaveGuard } from "../leave-guard";
import { EyebrowHeading } from "../eyebrow-heading";
import { Field } from "../../widgets/field";
import { ErrorSummary } from "../form-status";

/**
 * The frame of every admin editor: heading, the notice of a restored local draft, the error banner
 * (with "sign in again in a new window" when the session expired and "see the latest version" after a
 * conflict), the form, and the guard against leaving with unsaved changes.
 */
export function AdminFormShell({
  title,
  reply,
  draft,
  draftNoun,
  latest,
  tools,
  children,
}: {
  title: string;
  /** Under the heading: where the saved record is seen, and delete (edit mode). */
  tools?: ReactNode;
  reply: StaffFormReply<unknown> | undefined;
  draft: Pick<ReturnType<typeof useEditorDraft>, "restored" | "discardDraft" | "blocker">;
  /** What a restored draft is called: "임시 글", "임시 입력". */
  draftNoun: string;
  /** Where the latest saved version is seen after a conflict, and the link's text. */
  latest: { href: string; label: string } | null;
  children: ReactNode;
}) {
  useFocusOnArrival();
  return (
    <section className="admin-editor" aria-labelledby="editor-title">
      <EyebrowHeading look="admin" eyebrow="ADMIN" title={title} id="editor-title" focusable>
        {tools ? <div className="admin-editor__tools">{tools}</div> : null}
      </EyebrowHeading>
      {draft.restored ? (
        <p className="form-notice" role="status">
          저장하지 않은 {withParticle(draftNoun, "을/를")} 불러왔습니다.{" "}
          <button type="button" className="link-button" onClick={draft.discardDraft}>
            {draftNoun} 지우기
          </button>
        </p>
      ) : null}
      <FormErrorBanner reply={reply}>
        {reply?.conflictVersion !== null && latest ? (
          <p>
            <a href={latest.href} target="_blank" rel="noopener">
              {latest.label}
            </a>
          </p>
        ) : null}
      </FormErrorBanner>
      {children}
      <LeaveGuard blocker={draft.blocker} />
    </section>
  );
}

/**
 * An admin form's error summary (components/form-status.tsx): the reply's message, a link to each field
 * with a message, and "sign in again in a new window" when the session had ended
 * (lib/signed-out-submit.ts), so the text still in the form can be saved afterwards.
 */
export function FormErrorBanner({ reply, children }: { reply: Pick<StaffFormReply<unknown>, "formError" | "expired" | "fields"> | undefined; children?: ReactNode }) {
  if (!reply?.formError) return null;
  return (
    <ErrorSummary message={reply.formError} errors={reply.fields}>
      {reply.expired ? (
        <p>
          <a href={PATHS.adminLogin} target="_blank" rel="noopener">
            새 창에서 로그인하기
          </a>
        </p>
      ) : null}
      {children}
    </ErrorSummary>
  );
}

/**
 * The first submit button of an editor's form, so Enter in a text box saves without JavaScript (the
 * browser presses the form's first submit button, which would otherwise be a list's 위로, a picker's
 * 찾기 or 미리보기). Its intent is "default": a save, unless Enter was pressed in a picker's search box
 * with new words (media-queries.server.ts, pickerSearchOf). Out of sight and out of the Tab order: the
 * visible 저장 is in FormActions.
 */
export function DefaultSave() {
  return (
    <button type="submit" name="intent" value={DEFAULT_INTENT} className="visually-hidden" tabIndex={-1} aria-hidden="true">
      저장
    </button>
  );
}

/** Cancel, preview, "save mine anyway" after a conflict, and save (or the editor's own buttons, `submits`). */
export function FormActions({
  cancelTo,
  saving,
  conflictVersion,
  busy = false,
  preview,
  submits,
}: {
  cancelTo: string;
  saving: boolean;
  conflictVersion: number | null | undefined;
  busy?: boolean;
  /** Where the form's current values are shown as the public page would show them (a new tab). */
  preview?: string;
  /** In place of the one 저장: buttons that each say what the save does (the post editor's, decision 067). */
  submits?: ReactNode;
}) {
  return (
    <div className="admin-form__actions">
      <Link to={cancelTo} className="button button--ghost">
        취소
      </Link>
      {preview ? <PreviewButton action={preview} /> : null}
      {conflictVersion != null ? (
        <button type="submit" name="overwriteVersion" value={conflictVersion} className="button button--danger" disabled={saving}>
          내 내용으로 저장
        </button>
      ) : null}
      {submits ?? (
        <button type="submit" name="intent" value="save" className="button" disabled={saving || busy}>
          {saving ? "저장 중..." : "저장"}
        </button>
      )}
    </div>
  );
}

/** A labelled text input with its error message. */
export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  ...props
}: { name: string; label: string; value: string; onChange: (value: string) => void; error: string | undefined } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name" | "value" | "onChange"
>) {
  return (
    <Field name={name} label={label} error={error}>
      {(control) => <input type="text" {...control} value={value} onChange={(e) => onChange(e.target.value)} {...props} />}
    </Field>
  );
}

/**
 * "Delete this?" with cancel and a danger button (the record goes to the trash, restorable for a while):
 * the page without JavaScript. `from` says where it was asked (it goes with the form, so the action
 * knows where to go next).
 */
export function DeleteConfirm({ title, question, cancelTo, from }: { title: string; question: string; cancelTo: string; from: DeleteReturn }) {
  return (
    <section className="admin-editor admin-confirm" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="admin-editor__title" tabIndex={-1}>
        {title}
      </h1>
      <p>{question}</p>
      <Form method="post" className="admin-form__actions">
        <input type="hidden" name="from" value={from} />
        <Link to={cancelTo} className="button button--ghost">
          취소
        </Link>
        <button type="submit" name="intent" value="delete" className="button button--danger">
          삭제
        </button>
      </Form>
    </section>
  );
}

/**
 * Sends the form as it is (nothing saved) to the preview page in a new tab. Without JavaScript the
 * browser does it (formaction, formtarget); with it, the form is submitted natively the same way, since
 * the router would otherwise take the submission over in this tab.
 */
function PreviewButton({ action }: { action: string }) {
  return (
    <button
      type="submit"
      className="button button--ghost"
      formAction={action}
      formTarget="_blank"
      formMethod="post"
      formNoValidate
      onClick={(event) => {
        const form = event.currentTarget.form;
        if (!form) return;
        event.preventDefault();
        const previous = { action: form.getAttribute("action"), target: form.getAttribute("target") };
        form.setAttribute("action", action);
        form.setAttribute("target", "_blank");
        HTMLFormElement.prototype.submit.call(form);
        for (const [name, value] of Object.entries(previous)) {
          if (value === null) form.removeAttribute(name);
          else form.setAttribute(name, value);
        }
      }}
    >
      미리보기<span className="visually-hidden"> (새 창)</span>
    </button>
  );
}
