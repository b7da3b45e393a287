import { useId, useRef } from "react";
import { Link, useSubmit } from "react-router";
import { TRASH_RETENTION_DAYS } from "../../domain/content-states";
import { deleteConfirmPath, type DeleteReturn } from "../../domain/paths";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * "삭제" for a post or an artist in the workspace (a list row or an editor). Without JavaScript it is a
 * link to the record's confirmation page (`?delete=list|editor`); with it, the same question in a modal
 * dialog whose "삭제" posts to the editor's action, which moves the record to the trash.
 */
export function DeleteControl({
  editorPath,
  from,
  subject,
  question,
  className = "button button--small button--danger",
}: {
  /** The record's editor: its action deletes (intent "delete"). */
  editorPath: string;
  from: Exclude<DeleteReturn, "public">;
  /** What is deleted, for the control's accessible name: "‘봄 공지’", "배우 ‘한서윤’". */
  subject: string;
  question: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <Link
        to={deleteConfirmPath(editorPath, from)}
        className={className}
        aria-label={`${subject} 삭제`}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(event) => {
          if (!dialogRef.current) return;
          event.preventDefault();
          dialogRef.current.showModal();
        }}
      >
        삭제
      </Link>
      {hydrated ? (
        <dialog ref={dialogRef} className="confirm-dialog" aria-labelledby={titleId}>
          <h2 id={titleId} className="confirm-dialog__title">
            휴지통으로 옮기기
          </h2>
          <p>{question}</p>
          {/* Buttons, not a form: the control may sit inside a list's own form (the roster). */}
          <div className="admin-form__actions">
            <button type="button" className="button button--ghost" autoFocus onClick={() => dialogRef.current?.close()}>
              취소
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                dialogRef.current?.close();
                void submit({ intent: "delete", from }, { method: "post", action: editorPath });
              }}
            >
              삭제
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}

/** The question before a post goes to the trash (the confirmation page and the dialog). */
export function postTrashQuestion(title: string): string {
  return `‘${title}’ 글을 휴지통으로 옮길까요? 휴지통에서 ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`;
}

/** The question before an artist goes to the trash. */
export function artistTrashQuestion(name: string): string {
  return `‘${name}’ 배우의 프로필을 휴지통으로 옮길까요? 휴지통에서 ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`;
}

/** An editor's tools under its heading (edit mode): where the saved record is seen, and delete. */
export function EditorTools({ viewHref, editorPath, subject, question }: { viewHref: string; editorPath: string; subject: string; question: string }) {
  const onSite = !viewHref.startsWith("/admin/");
  return (
    <>
      <Link to={viewHref} className="button button--small button--ghost" target="_blank" rel="noopener">
        {onSite ? "사이트에서 보기" : "미리보기"}
        <span className="visually-hidden"> (새 창)</span>
      </Link>
      <DeleteControl editorPath={editorPath} from="editor" subject={subject} question={question} />
    </>
  );
}
