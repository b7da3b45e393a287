import { POST_STATUS_LABELS, POST_STATUSES, type PostStatus } from "../../domain/content-states";
import { formatKst } from "../../domain/kst";
import { POST_KIND_INFO, POST_KINDS, postDetailPath, postEditorPath, type PostKind } from "../../domain/post-kinds";
import { historyPath, previewPath } from "../../domain/site-routes";
import { parsePage } from "../../lib/pagination";

import { staffSessionOf } from "../http/access-gate.server";
import type { RequestContext } from "../http/context.server";
import { listPostsForWorkspace } from "../posts/post-queries.server";

/** /admin/posts: news and notices together, filtered by kind, state and title, 20 per page. */
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
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    rows: list.items.map((post) => ({
      postId: post.postId,
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
