import { Form, useNavigation } from "react-router";
import { POST_KIND_INFO, postDetailPath, type PostKind } from "../../domain/post-kinds";
import { postFieldsInLanguage, type PostFieldValues } from "../../domain/post-fields";
import { POST_STATUS_LABELS, type PostStatus } from "../../domain/content-states";
import { previewPath, WORKSPACE_PATHS } from "../../domain/paths";
import type { StaffFormReply } from "../../lib/admin-form-reply";
import { useEditorDraft } from "../../lib/use-editor-draft";
import { useHydrated } from "../../lib/use-hydrated";
import type { LibraryPage } from "../../domain/media-uses";
import { AdminFormShell, DefaultSave, FormActions } from "./admin-form-shell";
import { AttachImageFields, type AttachValues } from "./post-extras-fields";
import { PostFieldInputs } from "./post-fields";
import { Field } from "../../widgets/field";

/** The editor's values: the post's fields (app/domain/post-fields.ts), its publication and, without JavaScript, an image to attach. */
export type PostFormValues = PostFieldValues & {
  /** Publish (now, or keep public), keep as a draft, or publish at `publishAt`. */
  publication: "publish" | "draft" | "schedule";
  /** KST date and time, as a datetime-local input holds it. */
  publishAt: string;
  /** KST date and time the post goes back to draft; empty for never. */
  unpublishAt: string;
  /** Notices only: on top of the lists ("공지"). */
  pinned: boolean;
} & AttachValues;

/**
 * The news/notice editor: title and Quill (an HTML textarea plus an image file without JavaScript),
 * with a local draft that survives reloads and expired sessions.
 */
export function PostForm({
  kind,
  mode,
  post,
  reply,
  library,
  tools,
}: {
  /** Under the heading: view on the site and delete (edit mode). */
  tools?: React.ReactNode;
  kind: PostKind;
  mode: "create" | "edit";
  post: EditorPostView;
  reply: StaffFormReply<PostFormValues> | undefined;
  /** The library's newest images, for the pickers without JavaScript. */
  library: LibraryPage;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const draft = useEditorDraft<PostFormValues>(`${kind}:${post.postId ?? "new"}`, post.values, reply?.values ?? undefined);
  const { values, setValues } = draft;
  const saving = navigation.state === "submitting";
  const fields = reply?.fields ?? {};
  // Without JavaScript a picker's search comes back in the reply, shown by that picker.
  const pickerLibrary = { ...library, search: reply?.librarySearch ?? null };
  const detailPath = post.postId !== null ? postDetailPath(kind, post.postId) : null;
  const fieldProps = { values, onChange: (patch: Readonly<Record<string, string>>) => setValues((v) => ({ ...v, ...patch })), errors: fields, hydrated, library: pickerLibrary, resetKey: draft.revision };

  return (
    <AdminFormShell
      title={`${POST_KIND_INFO[kind].label} ${mode === "edit" ? "수정" : "작성"}`}
      reply={reply}
      draft={draft}
      draftNoun="임시 글"
      tools={tools}
      latest={detailPath ? { href: detailPath, label: "최신 글 새 창에서 보기" } : null}
    >
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <input type="hidden" name="version" value={post.version} />
        <DefaultSave />
        <PostFieldInputs
          fields={postFieldsInLanguage("ko")}
          {...fieldProps}
          afterContent={hydrated ? null : <AttachImageFields errors={fields} library={pickerLibrary} values={values} />}
        />
        <fieldset className="field english-version">
          <legend className="field__label">영문 버전 (선택)</legend>
          <p className="field__hint" id="english-version-hint">
            채우면 영문 사이트(/en)의 {POST_KIND_INFO[kind].label} 목록과 글에 보입니다. 비워 두면 영문 목록에 나오지 않고, 영문 주소로 들어온 방문자에게는 한글
            글이 안내 문구와 함께 보입니다.
          </p>
          <PostFieldInputs fields={postFieldsInLanguage("en")} {...fieldProps} />
        </fieldset>
        <PublicationFields kind={kind} post={post} values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} errors={fields} />
        <FormActions
          cancelTo={WORKSPACE_PATHS.posts}
          saving={saving}
          conflictVersion={reply?.conflictVersion}
          preview={previewPath(kind)}
        />
      </Form>
    </AdminFormShell>
  );
}

/** The post as the editor opens it (routes/admin/post-editor.server.ts). */
export interface EditorPostView {
  postId: number | null;
  version: number;
  status: PostStatus | null;
  /** When a scheduled post goes public, as shown (KST). */
  publishAt: string | null;
  values: PostFormValues;
}

/** Publish now, keep as a draft, or schedule; an optional end of publication; pinning for notices. */
function PublicationFields({
  kind,
  post,
  values,
  onChange,
  errors,
}: {
  kind: PostKind;
  post: EditorPostView;
  values: PostFormValues;
  onChange: (patch: Partial<PostFormValues>) => void;
  errors: Record<string, string>;
}) {
  const published = post.status === "published";
  const choices: { value: PostFormValues["publication"]; label: string; hint: string }[] = [
    { value: "publish", label: published ? "공개 유지" : "지금 공개", hint: published ? "사이트에 공개된 상태로 저장합니다." : "저장하면 바로 사이트에 보입니다." },
    { value: "draft", label: published ? "비공개로 전환 (임시 저장)" : "임시 저장", hint: "사이트에는 보이지 않습니다. 미리보기로 확인할 수 있습니다." },
    { value: "schedule", label: "예약 공개", hint: "정한 시각(한국 시간)에 자동으로 공개됩니다." },
  ];
  return (
    <fieldset className="field choice-group publication">
      <legend className="field__label">공개 설정</legend>
      {post.status ? (
        <p className="publication__current">
          현재 상태: <span className={`status-badge status-badge--${post.status}`}>{POST_STATUS_LABELS[post.status]}</span>
          {post.status === "scheduled" && post.publishAt ? ` ${post.publishAt} 공개 예정` : null}
        </p>
      ) : null}
      {choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input type="radio" name="publication" value={choice.value} checked={values.publication === choice.value} onChange={() => onChange({ publication: choice.value })} />
          <span className="choice__label">{choice.label}</span>
          <span className="choice__hint">{choice.hint}</span>
        </label>
      ))}
      <Field name="publishAt" className="field publication__time" label="예약 공개 시각 (한국 시간)" hint="‘예약 공개’를 선택하면 이 시각에 공개됩니다." error={errors.publishAt}>
        {(control) => <input type="datetime-local" {...control} value={values.publishAt} onChange={(e) => onChange({ publishAt: e.target.value, publication: "schedule" })} />}
      </Field>
      <Field
        name="unpublishAt"
        className="field publication__time"
        label="공개 종료 시각 (선택, 한국 시간)"
        hint="이 시각이 되면 사이트에서 내려가 임시 저장 상태가 됩니다. 비워 두면 계속 공개됩니다."
        error={errors.unpublishAt}
      >
        {(control) => <input type="datetime-local" {...control} value={values.unpublishAt} onChange={(e) => onChange({ unpublishAt: e.target.value })} />}
      </Field>
      {kind === "notice" ? (
        <label className="choice choice--checkbox">
          <input type="checkbox" name="pinned" value="1" checked={values.pinned} onChange={(e) => onChange({ pinned: e.target.checked })} />
          <span className="choice__label">목록 맨 위에 고정 (공지)</span>
          <span className="choice__hint">공지사항 목록의 모든 쪽 맨 위에 ‘공지’로 보입니다.</span>
        </label>
      ) : null}
    </fieldset>
  );
}
