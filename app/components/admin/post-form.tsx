import { Form, useNavigation } from "react-router";
import { POST_KIND_INFO, postDetailPath, type PostKind } from "../../domain/post-kinds";
import { MAX_TITLE_LENGTH } from "../../domain/schemas";
import { PATHS } from "../../domain/site-routes";
import { RichTextEditor } from "../../islands/rich-text-editor";
import type { AdminFormReply } from "../../lib/admin-form-reply";
import { useEditorDraft } from "../../lib/use-editor-draft";
import { useHydrated } from "../../lib/use-hydrated";
import { AdminFormShell, FormActions, TextField } from "./admin-form-shell";

export type PostFormValues = {
  title: string;
  content: string;
};

/**
 * The news/notice editor: title and Quill (an HTML textarea plus an image file without JavaScript),
 * with a local draft that survives reloads and expired sessions.
 */
export function PostForm({
  kind,
  mode,
  post,
  reply,
}: {
  kind: PostKind;
  mode: "create" | "edit";
  post: { postId: number | null; title: string; content: string; version: number };
  reply: AdminFormReply<PostFormValues> | undefined;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const draft = useEditorDraft<PostFormValues>(`${kind}:${post.postId ?? "new"}`, { title: post.title, content: post.content }, reply?.values ?? undefined);
  const { values, setValues } = draft;
  const saving = navigation.state === "submitting";
  const fields = reply?.fields ?? {};
  const detailPath = post.postId !== null ? postDetailPath(kind, post.postId) : null;

  return (
    <AdminFormShell
      title={`${POST_KIND_INFO[kind].label} ${mode === "edit" ? "수정" : "작성"}`}
      reply={reply}
      draft={draft}
      draftNoun="임시 글"
      latest={detailPath ? { href: detailPath, label: "최신 글 새 창에서 보기" } : null}
    >
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <input type="hidden" name="version" value={post.version} />
        <TextField
          name="title"
          label="제목"
          required
          maxLength={MAX_TITLE_LENGTH}
          value={values.title}
          onChange={(title) => setValues({ ...values, title })}
          error={fields.title}
        />
        <div className="field">
          <span className="field__label" id="content-label">
            내용
          </span>
          <RichTextEditor
            name="content"
            label="내용"
            value={values.content}
            onChange={(content) => setValues((v) => ({ ...v, content }))}
            invalid={Boolean(fields.content)}
            resetKey={draft.revision}
            describedBy={fields.content ? "content-error" : undefined}
          />
          {fields.content ? (
            <span className="field__error" id="content-error">
              {fields.content}
            </span>
          ) : null}
        </div>
        {hydrated ? null : (
          <label className="field">
            <span className="field__label">이미지 첨부</span>
            <input type="file" name="attachImage" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" />
            <span className="field__hint">저장하면 글 끝에 이미지가 들어갑니다.</span>
            {fields.attachImage ? <span className="field__error">{fields.attachImage}</span> : null}
          </label>
        )}
        <FormActions cancelTo={detailPath ?? PATHS.pr} saving={saving} conflictVersion={reply?.conflictVersion} />
      </Form>
    </AdminFormShell>
  );
}
