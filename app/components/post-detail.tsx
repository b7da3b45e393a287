import { Link } from "react-router";
import { POST_KIND_INFO, postEditorPath, type PostKind } from "../domain/post-kinds";
import { PATHS } from "../domain/site-routes";
import { AdminLinks } from "./admin-links";

/** A post: title, date and its HTML content; back link to /pr (spec §2). */
export function PostDetail({
  kind,
  post,
  adminControls = true,
}: {
  kind: PostKind;
  post: { postId: number; title: string; writeDay: string; content: string };
  /** The administrator's edit and delete links (not in the preview, which shows the public page). */
  adminControls?: boolean;
}) {
  const editor = postEditorPath(kind, post.postId);
  return (
    <article className="post-detail">
      <header className="post-detail__header">
        <p className="post-detail__kind" lang="en">
          {POST_KIND_INFO[kind].title}
        </p>
        <h1 className="post-detail__title">{post.title}</h1>
        <time className="post-detail__date" dateTime={post.writeDay}>
          {post.writeDay}
        </time>
        {adminControls ? (
          <AdminLinks
            links={[
              { to: editor, label: "수정" },
              { to: `${editor}?delete`, label: "삭제", danger: true },
            ]}
          />
        ) : null}
      </header>
      {/* Sanitized when it was saved (app/server/posts/post-use-cases.server.ts), never stored otherwise. */}
      <div className="post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
      <p className="back-link">
        <Link to={PATHS.pr}>← 목록으로</Link>
      </p>
    </article>
  );
}
