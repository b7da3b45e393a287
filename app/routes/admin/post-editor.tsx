import type { Route } from "./+types/post-editor";
import { DeleteConfirm } from "../../components/admin/admin-form-shell";
import { EditorTools, postTrashQuestion } from "../../components/admin/delete-control";
import { WORKSPACE_PATHS } from "../../domain/paths";
import { PostForm } from "../../components/admin/post-form";
import { POST_KIND_INFO, postDetailPath, postEditorPath, postKindOfPattern } from "../../domain/post-kinds";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handlePostEditorAction, loadPostEditor } from "./post-editor.server";
import { submitKeepingTypedText } from "../../lib/signed-out-submit";
import { workspaceMeta } from "../../lib/workspace-meta";

/** /adminNewsWrite/{postId?} and /adminNoticeWrite/{postId?}: write, edit or delete a post (requirements R8.3). */
export function loader({ context, request, params, pattern }: Route.LoaderArgs) {
  return loadPostEditor(getRequestContext(context), request, postKindOfPattern(pattern), params.postId);
}

export function action({ context, request, params, pattern }: Route.ActionArgs) {
  return handlePostEditorAction(getRequestContext(context), request, postKindOfPattern(pattern), params.postId);
}

/** With JavaScript: an ended session leaves the form as it is, with the "login expired" banner (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const label = loaderData ? POST_KIND_INFO[loaderData.kind].label : "글";
  const verb = loaderData?.mode === "edit" ? "수정" : "작성";
  return workspaceMeta(`${label} ${verb}`);
}

export default function AdminPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, mode, post, deleteFrom, viewHref } = loaderData;
  const editorPath = post.postId === null ? null : postEditorPath(kind, post.postId);
  if (loaderData.confirmDelete && post.postId !== null && deleteFrom) {
    const cancelTo = { public: postDetailPath(kind, post.postId), list: WORKSPACE_PATHS.posts, editor: editorPath! }[deleteFrom];
    return <DeleteConfirm title={`${POST_KIND_INFO[kind].label} 삭제`} question={postTrashQuestion(post.values.title)} cancelTo={cancelTo} from={deleteFrom} />;
  }
  const tools =
    editorPath && viewHref ? <EditorTools viewHref={viewHref} editorPath={editorPath} subject={`‘${post.values.title}’`} question={postTrashQuestion(post.values.title)} /> : null;
  return <PostForm key={`${kind}-${post.postId ?? "new"}`} kind={kind} mode={mode} post={post} reply={actionData} library={loaderData.library} tools={tools} />;
}
