import { Form, useNavigation } from "react-router";
import { POST_KIND_INFO, postDetailPath, type PostKind } from "../../domain/post-kinds";
import { postFieldsInLanguage, type PostFieldValues } from "../../domain/post-fields";
import { POST_STATUS_LABELS, type PostPublishAction, type PostStatus } from "../../domain/content-states";
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
  /** The button pressed (decision 067): kept with the values so "내 내용으로 저장" after a conflict repeats it. */
  publication: PostPublishAction;
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
        {reply?.conflictVersion != null ? <input type="hidden" name="askedPublication" value={values.publication} /> : null}
        <FormActions
          cancelTo={WORKSPACE_PATHS.posts}
          saving={saving}
          conflictVersion={reply?.conflictVersion}
          preview={previewPath(kind)}
          submits={<PublishButtons status={post.status} saving={saving} pressed={navigation.formData?.get("publication")} />}
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

/**
 * The editor's buttons, each saying what the save does to the public site (decision 067): a draft (or a
 * new post) is kept with 임시 저장 and goes public only with 공개 or 예약; a published post is kept public
 * with 업데이트 and taken down only with 비공개로 전환; a scheduled post keeps its schedule with 예약 업데이트.
 * The filled button is the editor's main act; the others are outlined.
 */
function PublishButtons({ status, saving, pressed }: { status: PostStatus | null; saving: boolean; pressed: FormDataEntryValue | null | undefined }) {
  return PUBLISH_BUTTONS[status ?? "draft"].map(({ value, label, main }) => (
    <button key={value} type="submit" name="publication" value={value} className={main ? "button" : "button button--ghost"} disabled={saving}>
      {saving && pressed === value ? "저장 중..." : label}
    </button>
  ));
}

const PUBLISH_BUTTONS: Record<PostStatus, { value: Exclude<PostPublishAction, "keep">; label: string; main?: boolean }[]> = {
  draft: [
    { value: "draft", label: "임시 저장" },
    { value: "schedule", label: "예약" },
    { value: "publish", label: "공개", main: true },
  ],
  scheduled: [
    { value: "draft", label: "예약 취소" },
    { value: "publish", label: "지금 공개" },
    { value: "schedule", label: "예약 업데이트", main: true },
  ],
  published: [
    { value: "draft", label: "비공개로 전환" },
    { value: "publish", label: "업데이트", main: true },
  ],
};

/** The post's state now, the schedule's time (not for a published post), an optional end of publication, pinning for notices. */
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
  return (
    <fieldset className="field choice-group publication">
      <legend className="field__label">공개 설정</legend>
      <p className="publication__current">
        현재 상태:{" "}
        {post.status ? (
          <span className={`status-badge status-badge--${post.status}`}>{POST_STATUS_LABELS[post.status]}</span>
        ) : (
          "아직 저장하지 않은 새 글"
        )}
        {post.status === "scheduled" && post.publishAt ? ` ${post.publishAt} 공개 예정` : null}
      </p>
      {post.status === "published" ? null : (
        <Field
          name="publishAt"
          className="field publication__time"
          label="예약 공개 시각 (한국 시간)"
          hint={post.status === "scheduled" ? "‘예약 업데이트’를 누르면 이 시각으로 다시 예약됩니다." : "‘예약’을 누르면 이 시각에 자동으로 공개됩니다."}
          error={errors.publishAt}
        >
          {(control) => <input type="datetime-local" {...control} value={values.publishAt} onChange={(e) => onChange({ publishAt: e.target.value })} />}
        </Field>
      )}
      <Field
        name="unpublishAt"
        className="field publication__time"
        label="공개 종료 시각 (선택, 한국 시간)"
        hint="공개된 글이 이 시각이 되면 사이트에서 내려가 임시 저장 상태가 됩니다. 비워 두면 계속 공개됩니다."
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
