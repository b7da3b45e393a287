import { POST_STATUS_LABELS, POST_STATUSES, type PostStatus } from "../../../domain/content-states";
import { formatKst } from "../../../domain/kst";
import { POST_KIND_INFO, POST_KINDS, postDetailPath, postEditorPath, type PostKind } from "../../../domain/post-kinds";
import { historyPath, previewPath, WORKSPACE_PATHS } from "../../../domain/paths";
import { z } from "../../../domain/zod";
import { parsePage } from "../../../lib/pagination";
import { data } from "react-router";
import { staffActor, flashRedirect, listReturnPath, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import { deletePost, savePost } from "../../../server/posts/post-use-cases.server";

import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { getPost, listPostsForWorkspace, WORKSPACE_PAGE_SIZE } from "../../../server/posts/post-queries.server";

/** /admin/posts: news and notices together, filtered by kind, state and a search of title and text, 20 per page. */
export async function loadWorkspacePosts(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const params = new URL(request.url).searchParams;
  const kindParam = params.get("kind");
  const statusParam = params.get("status");
  const filter = {
    kind: (POST_KINDS as readonly string[]).includes(kindParam ?? "") ? (kindParam as PostKind) : null,
    status: (POST_STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as PostStatus) : null,
    query: (params.get("q") ?? "").trim().slice(0, 100),
    page: parsePage(params.get("page")),
  };
  const list = await listPostsForWorkspace(ctx.runtime.db, filter);
  return {
    filter: { kind: filter.kind ?? "", status: filter.status ?? "", q: filter.query },
    bulkActions: POST_BULK_ACTIONS.map((value) => ({ value, label: POST_BULK_LABELS[value] })),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    rows: list.items.map((post) => ({
      postId: post.postId,
      /** The bulk action's checkbox value. */
      key: `${post.kind}:${post.postId}`,
      kind: post.kind,
      kindLabel: POST_KIND_INFO[post.kind].label,
      title: post.title,
      pinned: post.pinned,
      status: post.status,
      statusLabel: POST_STATUS_LABELS[post.status],
      /** The schedule, for scheduled posts (KST). */
      publishAt: post.publishAt ? formatKst(post.publishAt) : null,
      writeDay: post.writeDay,
      updatedAt: formatKst(post.updatedAt),
      updatedBy: post.updatedBy || "-",
      editHref: postEditorPath(post.kind, post.postId),
      viewHref: post.status === "published" ? postDetailPath(post.kind, post.postId) : previewPath(post.kind, post.postId),
      historyHref: historyPath("post", post.postId),
    })),
  };
}

/** What the posts list's bulk action does to the checked posts. */
export const POST_BULK_ACTIONS = ["publish", "unpublish", "trash"] as const;
export type PostBulkAction = (typeof POST_BULK_ACTIONS)[number];

export const POST_BULK_LABELS: Record<PostBulkAction, string> = {
  publish: "공개",
  unpublish: "공개 중단 (임시 저장으로)",
  trash: "휴지통으로 이동",
};

/** A checked row: "news:12". At most one page of them. */
const postSelectionSchema = z
  .array(z.string().regex(/^(news|notice):\d{1,9}$/).transform((value) => ({ kind: value.split(":")[0] as PostKind, postId: Number(value.split(":")[1]) })))
  .max(WORKSPACE_PAGE_SIZE);

/**
 * The posts list's bulk action (intent "bulk"): publish, unpublish (back to a draft) or move to the
 * trash the checked posts, each through the same use case as its editor (audit, revision, change event).
 */
export async function handleWorkspacePostsAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const actor = staffActor(staffSessionOf(ctx), ctx);
  const back = listReturnPath(form.get("returnTo"), WORKSPACE_PATHS.posts);
  if (form.get("intent") !== "bulk") throw data(null, { status: 400 });
  const selection = postSelectionSchema.safeParse(form.getAll("post"));
  if (!selection.success) throw data(null, { status: 400 });
  if (selection.data.length === 0) return flashRedirect(back, "posts-none-selected");
  const action = z.enum(POST_BULK_ACTIONS).safeParse(form.get("bulkAction"));
  if (!action.success) return flashRedirect(back, "posts-no-action");
  let changed = 0;
  for (const { kind, postId } of selection.data) {
    if (action.data === "trash") {
      if (await deletePost(ctx.runtime, actor, { kind, postId })) changed += 1;
      continue;
    }
    const post = await getPost(ctx.runtime.db, kind, postId, "workspace");
    const wanted = action.data === "publish" ? "published" : "draft";
    if (!post || post.status === wanted) continue;
    // The post as it is, in its new state (the same save as the editor's, so the same rules and records).
    const { title, content, titleEn, contentEn, version } = post;
    const publication = { mode: action.data === "publish" ? ("publish" as const) : ("draft" as const) };
    const result = await savePost(ctx.runtime, actor, { kind, postId, title, content, english: { title: titleEn, content: contentEn }, expectedVersion: version, publication });
    if (result.status === "saved") changed += 1;
  }
  if (changed === 0) return flashRedirect(back, "posts-bulk-unchanged");
  return flashRedirect(back, `posts-bulk-${action.data === "trash" ? "trashed" : action.data === "publish" ? "published" : "unpublished"}`);
}
