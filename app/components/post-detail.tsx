import { Link } from "react-router";
import { AdminLinks } from "./admin-links";

const NAMES = { news: "News", notice: "Notice" } as const;

/** A post: title, date and its (sanitized) HTML content; back link to /pr (spec §2). */
export function PostDetail({ kind, post }: { kind: "news" | "notice"; post: { postId: number; title: string; writeDay: string; content: string } }) {
  const editor = kind === "news" ? "/adminNewsWrite" : "/adminNoticeWrite";
  return (
    <article className="post-detail">
      <header className="post-detail__header">
        <p className="post-detail__kind" lang="en">
          {NAMES[kind]}
        </p>
        <h1 className="post-detail__title">{post.title}</h1>
        <time className="post-detail__date" dateTime={post.writeDay}>
          {post.writeDay}
        </time>
        <AdminLinks
          links={[
            { to: `${editor}/${post.postId}`, label: "수정" },
            { to: `${editor}/${post.postId}?delete`, label: "삭제", danger: true },
          ]}
        />
      </header>
      {/* Sanitized on save and again when loaded (sanitizePostHtml). */}
      <div className="post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
      <p className="back-link">
        <Link to="/pr">← 목록으로</Link>
      </p>
    </article>
  );
}
