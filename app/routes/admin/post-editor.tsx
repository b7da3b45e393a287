import type { Route } from "./+types/post-editor";
import { DeleteConfirm } from "../../components/admin/admin-form-shell";
import { TRASH_RETENTION_DAYS } from "../../domain/content-states";
import { PostForm } from "../../components/admin/post-form";
import { POST_KIND_INFO, postDetailPath, postKindOfPattern } from "../../domain/post-kinds";
import { getRequestContext } from "../../server/http/context.server";
import { handlePostEditorAction, loadPostEditor } from "../../server/posts/post-editor.server";
import { submitKeepingTypedText } from "../../lib/signed-out-submit";
import { adminMeta } from "../../lib/admin-meta";

/** /adminNewsWrite/{postId?} and /adminNoticeWrite/{postId?}: write, edit or delete a post (spec §2). */
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
  return adminMeta(`${label} ${verb}`);
}

export default function AdminPostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, mode, post } = loaderData;
  if (loaderData.confirmDelete && post.postId !== null) {
    return (
      <DeleteConfirm
        title={`${POST_KIND_INFO[kind].label} 삭제`}
        question={`‘${post.values.title}’ 글을 휴지통으로 옮길까요? 휴지통에서 ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`}
        cancelTo={postDetailPath(kind, post.postId)}
      />
    );
  }
  return <PostForm key={`${kind}-${post.postId ?? "new"}`} kind={kind} mode={mode} post={post} reply={actionData} library={loaderData.library} />;
}
