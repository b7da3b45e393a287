import { data, redirect } from "react-router";
import type { PostFormValues } from "../../components/admin/post-form";
import type { PostKind } from "../../domain/post-kinds";
import type { PostStatus } from "../../domain/content-states";
import { formatKst, parseKstInputValue, toKstInputValue } from "../../domain/kst";
import { postDetailPath, postEditorPath } from "../../domain/post-kinds";
import { deleteReturnOf, previewPath, PATHS, WORKSPACE_PATHS } from "../../domain/site-routes";
import { parsePostId } from "../../lib/post-id";
import { adminActor, expectedVersionOf, INVALID_MESSAGE, readAdminForm, replyConflict, replyWith } from "../http/admin-forms.server";
import { staffSessionOf } from "../http/access-gate.server";
import type { RequestContext } from "../http/context.server";
import { setFlash } from "../http/flash.server";
import { isOversizeUpload, OVERSIZE_MESSAGE } from "../http/uploads.server";
import { ImageRejectedError } from "../media/media.server";
import { uploadImage } from "../media/upload-image.server";
import { getPost } from "./post-queries.server";
import { deletePost, savePost, type Publication } from "./post-use-cases.server";

/** The news and notice editors' server side (routes/admin/post-editor.tsx is the route module). */

/** Without JavaScript an image comes as a file next to the HTML; it is stored and appended. */
export const ATTACHMENT_FIELD = "attachImage";

/** The post as the editor opens it: its fields, its state, and the form values it starts from. */
export interface EditorPost {
  postId: number | null;
  version: number;
  status: PostStatus | null;
  publishAt: string | null;
  values: PostFormValues;
}

function emptyValues(): PostFormValues {
  return { title: "", content: "", titleEn: "", contentEn: "", publication: "publish", publishAt: "", unpublishAt: "", pinned: false };
}

export async function loadPostEditor(ctx: RequestContext, request: Request, kind: PostKind, rawPostId: string | undefined) {
  staffSessionOf(ctx);
  const requestedId = rawPostId === undefined ? null : parsePostId(rawPostId);
  if (rawPostId === undefined) {
    const empty: EditorPost = { postId: null, version: 0, status: null, publishAt: null, values: emptyValues() };
    return { kind, mode: "create" as const, post: empty, confirmDelete: false, deleteFrom: null, viewHref: null };
  }
  const post = requestedId === null ? null : await getPost(ctx.runtime.db, kind, requestedId, "workspace");
  if (!post) throw data(null, { status: 404 });
  const editorPost: EditorPost = {
    postId: post.postId,
    version: post.version,
    status: post.status,
    publishAt: post.publishAt ? formatKst(post.publishAt) : null,
    values: {
      title: post.title,
      content: post.content,
      titleEn: post.titleEn,
      contentEn: post.contentEn,
      publication: post.status === "draft" ? "draft" : post.status === "scheduled" ? "schedule" : "publish",
      publishAt: post.publishAt ? toKstInputValue(post.publishAt) : "",
      unpublishAt: post.unpublishAt ? toKstInputValue(post.unpublishAt) : "",
      pinned: post.pinned,
    },
  };
  const deleteParam = new URL(request.url).searchParams.get("delete");
  return {
    kind,
    mode: "edit" as const,
    post: editorPost,
    confirmDelete: deleteParam !== null,
    deleteFrom: deleteReturnOf(deleteParam),
    // Where it is seen: on the site once published, in the preview otherwise.
    viewHref: post.status === "published" ? postDetailPath(kind, post.postId) : previewPath(kind, post.postId),
  };
}

/** The form's values as sent (everything kept, for showing them again). */
export function postValuesFromForm(form: FormData): PostFormValues {
  const publication = String(form.get("publication") ?? "publish");
  return {
    title: String(form.get("title") ?? ""),
    content: String(form.get("content") ?? ""),
    titleEn: String(form.get("titleEn") ?? ""),
    contentEn: String(form.get("contentEn") ?? ""),
    publication: publication === "draft" || publication === "schedule" ? publication : "publish",
    publishAt: String(form.get("publishAt") ?? ""),
    unpublishAt: String(form.get("unpublishAt") ?? ""),
    pinned: form.get("pinned") === "1",
  };
}

/** The state the form asks for, or the messages for the date fields that cannot be read. */
export function publicationFromValues(values: PostFormValues): { publication: Publication; unpublishAt: Date | null } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let publication: Publication = { mode: values.publication === "draft" ? "draft" : "publish" };
  if (values.publication === "schedule") {
    const at = parseKstInputValue(values.publishAt);
    if (!values.publishAt.trim()) errors.publishAt = "예약 공개 날짜와 시각을 입력해 주세요.";
    else if (!at) errors.publishAt = "예약 공개 시각을 2026-12-01 09:00처럼 날짜와 시각으로 입력해 주세요.";
    else publication = { mode: "schedule", at };
  }
  let unpublishAt: Date | null = null;
  if (values.unpublishAt.trim()) {
    unpublishAt = parseKstInputValue(values.unpublishAt);
    if (!unpublishAt) errors.unpublishAt = "공개 종료 시각을 2026-12-31 18:00처럼 날짜와 시각으로 입력해 주세요.";
  }
  return Object.keys(errors).length > 0 ? { errors } : { publication, unpublishAt };
}

export async function handlePostEditorAction(ctx: RequestContext, request: Request, kind: PostKind, rawPostId: string | undefined) {
  const read = await readAdminForm<PostFormValues>(request, [ATTACHMENT_FIELD]);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const values = postValuesFromForm(form);

  const session = staffSessionOf(ctx);
  const actor = adminActor(session, ctx);
  const postId = rawPostId === undefined ? null : parsePostId(rawPostId);
  if (rawPostId !== undefined && postId === null) throw data(null, { status: 404 });

  if (form.get("intent") === "delete") {
    if (postId === null || !(await deletePost(ctx.runtime, actor, { kind, postId }))) throw data(null, { status: 404 });
    // From the workspace, back to its list; from the public page, to /pr (spec §4).
    const to = deleteReturnOf(form.get("from")) === "public" ? PATHS.pr : WORKSPACE_PATHS.posts;
    return redirect(to, { headers: { "Set-Cookie": await setFlash(`${kind}-deleted`) } });
  }

  const attached = form.get(ATTACHMENT_FIELD);
  if (isOversizeUpload(attached)) return replyWith(413, { formError: INVALID_MESSAGE, values, fields: { [ATTACHMENT_FIELD]: OVERSIZE_MESSAGE } });
  if (attached instanceof File && attached.size > 0) {
    try {
      const stored = await uploadImage(ctx.runtime, actor, new Uint8Array(await attached.arrayBuffer()));
      values.content = `${values.content}<p><img src="${stored.url}" alt=""></p>`;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return replyWith(400, { formError: INVALID_MESSAGE, values, fields: { [ATTACHMENT_FIELD]: error.message } });
    }
  }

  const state = publicationFromValues(values);
  if ("errors" in state) return replyWith(400, { formError: INVALID_MESSAGE, values, fields: state.errors });
  const result = await savePost(ctx.runtime, actor, {
    kind,
    postId,
    title: values.title,
    content: values.content,
    english: { title: values.titleEn, content: values.contentEn },
    expectedVersion: postId === null ? null : expectedVersionOf(form),
    publication: state.publication,
    unpublishAt: state.unpublishAt,
    pinned: values.pinned,
  });
  switch (result.status) {
    case "invalid":
      return replyWith(400, { formError: INVALID_MESSAGE, values, fields: result.errors });
    case "not-found":
      throw data(null, { status: 404 });
    case "conflict":
      return replyConflict(values, "글", result.version);
    case "saved": {
      // Always back to the post's editor, whatever its state (decision 044, instead of spec §4's /pr).
      const outcome = result.postStatus === "draft" ? "drafted" : result.postStatus === "scheduled" ? "scheduled" : result.created ? "created" : "updated";
      return redirect(postEditorPath(kind, result.postId), { headers: { "Set-Cookie": await setFlash(`${kind}-${outcome}`) } });
    }
  }
}
