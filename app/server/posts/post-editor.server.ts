import { data, redirect } from "react-router";
import type { PostFormValues } from "../../components/admin/post-form";
import type { PostKind } from "../../domain/post-kinds";
import { PATHS } from "../../domain/site-routes";
import { parsePostId } from "../../lib/post-id";
import { adminActor, expectedVersionOf, INVALID_MESSAGE, readAdminForm, replyConflict, replyExpired, replyWith, requireAdminPage } from "../http/admin-forms.server";
import type { RequestContext } from "../http/context.server";
import { setFlash } from "../http/flash.server";
import { isOversizeUpload, OVERSIZE_MESSAGE } from "../http/uploads.server";
import { ImageRejectedError } from "../media/media.server";
import { uploadImage } from "../media/upload-image.server";
import { getPost } from "./post-queries.server";
import { deletePost, savePost } from "./post-use-cases.server";

/** The news and notice editors' server side (routes/admin/post-editor.tsx is the route module). */

/** Without JavaScript an image comes as a file next to the HTML; it is stored and appended. */
export const ATTACHMENT_FIELD = "attachImage";

export async function loadPostEditor(ctx: RequestContext, request: Request, kind: PostKind, rawPostId: string | undefined) {
  const session = await requireAdminPage(ctx, request);
  const requestedId = rawPostId === undefined ? null : parsePostId(rawPostId);
  const empty = { postId: requestedId, title: "", content: "", version: 0 };
  // Re-rendering a refused submission (no session): only what was typed (from the action), nothing stored.
  if (!session || rawPostId === undefined) {
    return { kind, mode: rawPostId === undefined ? ("create" as const) : ("edit" as const), post: empty, confirmDelete: false };
  }
  const post = requestedId === null ? null : await getPost(ctx.runtime.db, kind, requestedId);
  if (!post) throw data(null, { status: 404 });
  return {
    kind,
    mode: "edit" as const,
    post: { postId: post.postId, title: post.title, content: post.content, version: post.version },
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  };
}

export async function handlePostEditorAction(ctx: RequestContext, request: Request, kind: PostKind, rawPostId: string | undefined) {
  const read = await readAdminForm<PostFormValues>(request, [ATTACHMENT_FIELD]);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const values: PostFormValues = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? "") };

  const session = await ctx.adminSession();
  if (!session) return replyExpired(values);
  const actor = adminActor(session);
  const postId = rawPostId === undefined ? null : parsePostId(rawPostId);
  if (rawPostId !== undefined && postId === null) throw data(null, { status: 404 });

  if (form.get("intent") === "delete") {
    if (postId === null || !(await deletePost(ctx.runtime, actor, { kind, postId }))) throw data(null, { status: 404 });
    return redirect(PATHS.pr, { headers: { "Set-Cookie": await setFlash(`${kind}-deleted`) } });
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

  const result = await savePost(ctx.runtime, actor, { kind, postId, title: values.title, content: values.content, expectedVersion: postId === null ? null : expectedVersionOf(form) });
  switch (result.status) {
    case "invalid":
      return replyWith(400, { formError: INVALID_MESSAGE, values, fields: result.errors });
    case "not-found":
      throw data(null, { status: 404 });
    case "conflict":
      return replyConflict(values, "글", result.version);
    case "saved":
      return redirect(PATHS.pr, { headers: { "Set-Cookie": await setFlash(result.created ? `${kind}-created` : `${kind}-updated`) } });
  }
}
