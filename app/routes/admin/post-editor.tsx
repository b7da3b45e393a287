import type { Route } from "./+types/post-editor";
import { DeleteConfirm } from "../../components/admin/admin-form-shell";
import { PostForm } from "../../components/admin/post-form";
import { POST_KIND_INFO, postDetailPath, postKindOfPattern } from "../../domain/post-kinds";
import { getRequestContext } from "../../server/http/context.server";
import { handlePostEditorAction, loadPostEditor } from "../../server/posts/post-editor.server";

/** /adminNewsWrite/{postId?} and /adminNoticeWrite/{postId?}: write, edit or delete a post (spec §2). */
export function loader({ context, request, params, pattern }: Route.LoaderArgs) {
  return loadPostEditor(getRequestContext(context), request, postKindOfPattern(pattern), params.postId);
}

export function action({ context, request, params, pattern }: Route.ActionArgs) {
  return handlePostEditorAction(getRequestContext(context), request, postKindOfPattern(pattern), params.postId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const label = loaderData ? POST_KIND_INFO[loaderData.kind].label : "글";
  const verb = loaderData?.mode === "edit" ? "수정" : "작성";
  return [{ title: `${label} ${verb} | WE ENTERTAINMENT 관리자` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, mode, post } = loaderData;
  if (loaderData.confirmDelete && post.postId !== null) {
    return (
      <DeleteConfirm
        title={`${POST_KIND_INFO[kind].label} 삭제`}
        question={`‘${post.title}’ 글을 삭제할까요? 삭제한 글은 되돌릴 수 없습니다.`}
        cancelTo={postDetailPath(kind, post.postId)}
      />
    );
  }
  return <PostForm key={`${kind}-${post.postId ?? "new"}`} kind={kind} mode={mode} post={post} reply={actionData} />;
}
