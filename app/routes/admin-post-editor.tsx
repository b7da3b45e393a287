import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-post-editor";
import { LeaveGuard } from "../components/leave-guard";
import { RichTextEditor } from "../islands/rich-text-editor";
import { parsePostId } from "../lib/post-id";
import { fieldErrors, postInputSchema } from "../domain/schemas";
import { useEditorDraft } from "../lib/use-editor-draft";
import { useHydrated } from "../lib/use-hydrated";
import { recordAudit } from "../server/platform/audit.server";
import { getAdminSession, requireAdminPage } from "../server/auth/sessions.server";
import { getRequestContext } from "../server/http/context.server";
import { setFlash } from "../server/http/flash.server";
import { ImageRejectedError, storeImage } from "../server/media/media.server";
import { createPost, deletePost, getPost, preparePostContent, updatePost, type PostKind } from "../server/posts/posts.server";
import { isOversizeUpload, OVERSIZE_MESSAGE, parseAdminForm, RequestBodyError } from "../server/http/uploads.server";

const LABELS = { news: "뉴스", notice: "공지사항" } as const;

function kindOf(request: Request): PostKind {
  return new URL(request.url).pathname.startsWith("/adminNotice") ? "notice" : "news";
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { runtime, method } = getRequestContext(context);
  const session = await requireAdminPage(runtime.db, runtime.sessionSecret, request, method);
  const kind = kindOf(request);
  const requestedId = params.postId === undefined ? null : parsePostId(params.postId);
  if (!session) {
    // Re-rendering a refused submission: show only what was typed (from the action), nothing stored.
    return { kind, mode: requestedId === null ? ("create" as const) : ("edit" as const), post: { postId: requestedId, title: "", content: "", version: 0 }, confirmDelete: false };
  }
  if (params.postId === undefined) {
    return { kind, mode: "create" as const, post: { postId: null, title: "", content: "", version: 0 }, confirmDelete: false };
  }
  const postId = parsePostId(params.postId);
  const post = postId === null ? null : await getPost(runtime.db, kind, postId);
  if (!post) throw data(null, { status: 404 });
  return {
    kind,
    mode: "edit" as const,
    post: { postId: post.postId, title: post.title, content: post.content, version: post.version },
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  };
}

type FormValues = { title: string; content: string };

export async function action({ context, request, params }: Route.ActionArgs) {
  const { runtime, logger } = getRequestContext(context);
  const kind = kindOf(request);
  let form: FormData;
  try {
    form = await parseAdminForm(request, ["attachImage"]);
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return data({ formError: error.message, fields: {} as Record<string, string>, values: null, expired: false, conflictVersion: null }, { status: error.status });
  }
  const values: FormValues = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? "") };
  const intent = form.get("intent");

  // An expired session must not cost the administrator the text: answer with it, do not redirect.
  const session = await getAdminSession(runtime.db, runtime.sessionSecret, request);
  if (!session) {
    return data(
      { formError: "로그인이 만료되었습니다. 작성한 내용은 그대로 있습니다. 새 창에서 다시 로그인한 뒤 저장해 주세요.", fields: {}, values, expired: true, conflictVersion: null },
      { status: 401 },
    );
  }
  const postId = params.postId === undefined ? null : parsePostId(params.postId);
  if (params.postId !== undefined && postId === null) throw data(null, { status: 404 });

  if (intent === "delete") {
    if (postId === null || !(await deletePost(runtime.db, kind, postId))) throw data(null, { status: 404 });
    await recordAudit(runtime.db, { adminId: session.adminId, action: "delete", entity: kind, entityId: postId });
    logger.info({ kind, postId }, "post deleted");
    return redirect("/pr", { headers: { "Set-Cookie": await setFlash(`${kind}-deleted`) } });
  }

  // Without JavaScript an image comes as a file next to the HTML; it is stored and appended.
  const attached = form.get("attachImage");
  const errors: Record<string, string> = {};
  if (isOversizeUpload(attached)) errors.attachImage = OVERSIZE_MESSAGE;
  else if (attached instanceof File && attached.size > 0) {
    try {
      const stored = await storeImage(runtime.db, runtime.storage, new Uint8Array(await attached.arrayBuffer()));
      values.content = `${values.content}<p><img src="${stored.url}" alt=""></p>`;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      errors.attachImage = error.message;
    }
  }

  const parsed = postInputSchema.safeParse(values);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  const content = parsed.success ? preparePostContent(parsed.data.content) : null;
  if (parsed.success && content === null) errors.content = "내용을 입력해 주세요.";
  if (!parsed.success || content === null || Object.keys(errors).length > 0) {
    const status = errors.attachImage === OVERSIZE_MESSAGE ? 413 : 400;
    return data({ formError: "입력한 내용을 확인해 주세요.", fields: errors, values, expired: false, conflictVersion: null }, { status });
  }
  const input = { title: parsed.data.title, content };

  if (postId === null) {
    const created = await createPost(runtime.db, { kind, ...input });
    await recordAudit(runtime.db, { adminId: session.adminId, action: "create", entity: kind, entityId: created.postId });
    return redirect("/pr", { headers: { "Set-Cookie": await setFlash(`${kind}-created`) } });
  }
  // "Save mine anyway" after a conflict carries the version the administrator has now seen.
  const version = Number(form.get("overwriteVersion") ?? form.get("version"));
  const result = await updatePost(runtime.db, kind, postId, input, Number.isInteger(version) ? version : -1);
  if (result.status === "not-found") throw data(null, { status: 404 });
  if (result.status === "conflict") {
    return data(
      {
        formError: "다른 곳에서 이 글이 먼저 수정되었습니다. 작성한 내용은 그대로 있습니다. 최신 글을 새 창에서 확인한 뒤, 덮어쓰려면 ‘내 내용으로 저장’을 누르세요.",
        fields: {},
        values,
        expired: false,
        conflictVersion: result.version,
      },
      { status: 409 },
    );
  }
  await recordAudit(runtime.db, { adminId: session.adminId, action: "update", entity: kind, entityId: postId, details: { version: result.version } });
  return redirect("/pr", { headers: { "Set-Cookie": await setFlash(`${kind}-updated`) } });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const label = loaderData ? LABELS[loaderData.kind] : "글";
  const verb = loaderData?.mode === "edit" ? "수정" : "작성";
  return [{ title: `${label} ${verb} | WE ENTERTAINMENT 관리자` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, post } = loaderData;
  if (loaderData.confirmDelete && post.postId !== null) return <DeleteConfirm kind={kind} postId={post.postId} title={post.title} />;
  return <PostEditorForm key={`${kind}-${post.postId ?? "new"}`} loaderData={loaderData} actionData={actionData} />;
}

function PostEditorForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { kind, mode, post } = loaderData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const draft = useEditorDraft<FormValues>(
    `${kind}:${post.postId ?? "new"}`,
    { title: post.title, content: post.content },
    actionData?.values ?? undefined,
  );
  const { values, setValues } = draft;
  const saving = navigation.state === "submitting";
  const fields: Record<string, string> = actionData?.fields ?? {};
  const label = LABELS[kind];
  const detailPath = post.postId !== null ? `/${kind}Detail/${post.postId}` : null;

  return (
    <section className="admin-editor" aria-labelledby="editor-title">
      <header className="admin-editor__header">
        <p className="admin-editor__eyebrow">ADMIN</p>
        <h1 id="editor-title" className="admin-editor__title">
          {label} {mode === "edit" ? "수정" : "작성"}
        </h1>
      </header>
      {draft.restored ? (
        <p className="form-notice" role="status">
          저장하지 않은 임시 글을 불러왔습니다.{" "}
          <button type="button" className="link-button" onClick={draft.discardDraft}>
            임시 글 지우기
          </button>
        </p>
      ) : null}
      {actionData?.formError ? (
        <div className="form-error" role="alert">
          <p>{actionData.formError}</p>
          {actionData.expired ? (
            <p>
              <a href="/adminLogin" target="_blank" rel="noopener">
                새 창에서 로그인하기
              </a>
            </p>
          ) : null}
          {actionData.conflictVersion !== null && detailPath ? (
            <p>
              <a href={detailPath} target="_blank" rel="noopener">
                최신 글 새 창에서 보기
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <input type="hidden" name="version" value={post.version} />
        <label className="field">
          <span className="field__label">제목</span>
          <input
            name="title"
            type="text"
            required
            maxLength={200}
            value={values.title}
            onChange={(e) => setValues({ ...values, title: e.target.value })}
            aria-invalid={fields.title ? true : undefined}
            aria-describedby={fields.title ? "title-error" : undefined}
          />
          {fields.title ? (
            <span className="field__error" id="title-error">
              {fields.title}
            </span>
          ) : null}
        </label>
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
        <div className="admin-form__actions">
          <Link to={detailPath ?? "/pr"} className="button button--ghost">
            취소
          </Link>
          {actionData?.conflictVersion != null ? (
            <button type="submit" name="overwriteVersion" value={actionData.conflictVersion} className="button button--danger" disabled={saving}>
              내 내용으로 저장
            </button>
          ) : null}
          <button type="submit" name="intent" value="save" className="button" disabled={saving}>
            {saving ? "저장 중..." : "저장"}
          </button>
        </div>
      </Form>
      <LeaveGuard blocker={draft.blocker} />
    </section>
  );
}

function DeleteConfirm({ kind, postId, title }: { kind: PostKind; postId: number; title: string }) {
  return (
    <section className="admin-editor admin-confirm" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="admin-editor__title">
        {LABELS[kind]} 삭제
      </h1>
      <p>
        ‘{title}’ 글을 삭제할까요? 삭제한 글은 되돌릴 수 없습니다.
      </p>
      <Form method="post" className="admin-form__actions">
        <Link to={`/${kind}Detail/${postId}`} className="button button--ghost">
          취소
        </Link>
        <button type="submit" name="intent" value="delete" className="button button--danger">
          삭제
        </button>
      </Form>
    </section>
  );
}
