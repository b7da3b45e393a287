import { count, isNotNull, isNull } from "drizzle-orm";
import { artists, posts } from "../../../../drizzle/schema";
import { ARTIST_STATUSES, type ArtistStatus } from "../../../domain/content-states";
import { formatKst } from "../../../domain/kst";
import { POST_KIND_INFO, postEditorPath } from "../../../domain/post-kinds";

import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { describeAuditEntry, recentAuditEntries } from "../../../server/platform/audit.server";
import { postsNeedingAttention, type Post } from "../../../server/posts/post-queries.server";
import { roleMay } from "../../../domain/staff-roles";
import { countNewApplications } from "../../../server/auditions/audition-admin-queries.server";
import { recentPackageEvents } from "../../../server/packages/package-queries.server";
import { nowOf } from "../../../server/platform/services.server";
import { packageAdminPath } from "../../../domain/paths";
import { pendingSecurityNotice } from "../../../server/auth/second-factor-throttle.server";
import { describeSecurityNotice } from "../../../domain/security-notice";

/** Casting packages' news (first opened, answered) stays on the overview this long. */
const PACKAGE_NEWS_DAYS = 14;

/** A post as the workspace lists it (titles link to the editor). */
export interface WorkspacePostRow {
  postId: number;
  kindLabel: string;
  title: string;
  editHref: string;
  /** When: the schedule for scheduled posts, the publication for published ones, the last change otherwise (KST). */
  when: string;
  updatedBy: string;
}

export function workspacePostRow(post: Post): WorkspacePostRow {
  const when = post.status === "scheduled" && post.publishAt ? post.publishAt : post.status === "published" && post.publishedAt ? post.publishedAt : post.updatedAt;
  return {
    postId: post.postId,
    kindLabel: POST_KIND_INFO[post.kind].label,
    title: post.title,
    editHref: postEditorPath(post.kind, post.postId),
    when: formatKst(when),
    updatedBy: post.updatedBy,
  };
}

/** /admin: what needs attention (drafts, the schedule, what went public lately, the last changes). */
export async function loadDashboard(ctx: RequestContext) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  const { role, staffId } = staffSessionOf(ctx);
  const { db } = ctx.runtime;
  // Only what the role may see is read (staff-roles.ts): the cards follow.
  const can = {
    content: roleMay(role, "content", "read"),
    changeContent: roleMay(role, "content", "change"),
    auditions: roleMay(role, "auditions", "read"),
    activity: roleMay(role, "activity", "read"),
    packages: roleMay(role, "packages", "read"),
  };
  const none = Promise.resolve([] as never[]);
  const since = new Date(nowOf(ctx.runtime).getTime() - PACKAGE_NEWS_DAYS * 24 * 60 * 60 * 1000);
  const [attention, changes, artistCounts, trashCounts, newApplications, packageEvents, securityNotice] = await Promise.all([
    can.content ? postsNeedingAttention(db) : Promise.resolve({ drafts: [], scheduled: [], recent: [] }),
    can.activity ? recentAuditEntries(db, 10) : none,
    can.content ? db.select({ status: artists.status, n: count() }).from(artists).where(isNull(artists.deletedAt)).groupBy(artists.status) : none,
    can.content
      ? Promise.all([
          db.select({ n: count() }).from(posts).where(isNotNull(posts.deletedAt)),
          db.select({ n: count() }).from(artists).where(isNotNull(artists.deletedAt)),
        ])
      : Promise.resolve([[{ n: 0 }], [{ n: 0 }]]),
    can.auditions ? countNewApplications(db) : Promise.resolve(0),
    can.packages ? recentPackageEvents(db, since) : Promise.resolve([]),
    pendingSecurityNotice(db, staffId),
  ]);
  const byStatus = Object.fromEntries(ARTIST_STATUSES.map((s) => [s, 0])) as Record<ArtistStatus, number>;
  for (const row of artistCounts) byStatus[row.status] = row.n;
  return {
    can,
    /**
     * The owner is told when the server has no PUBLIC_ORIGIN: it then takes its address from each request's
     * Host header, which is fine for a trial, not behind a CDN (a deployed server refuses to start without
     * it: env.server.ts `loadServerEnv`, decision 053).
     */
    publicOriginMissing: roleMay(role, "settings", "change") && !ctx.runtime.env.PUBLIC_ORIGIN,
    drafts: attention.drafts.map(workspacePostRow),
    scheduled: attention.scheduled.map(workspacePostRow),
    recent: attention.recent.map(workspacePostRow),
    changes: changes.map((entry) => ({
      id: entry.id,
      when: formatKst(entry.createdAt),
      who: entry.actorLabel || "알 수 없음",
      ...describeAuditEntry(entry),
    })),
    /** Wrong second-step codes for this account since its last sign-in (decision 051), until read. */
    securityNotice: securityNotice ? describeSecurityNotice(securityNotice, (iso) => formatKst(new Date(iso))) : null,
    artists: byStatus,
    trash: (trashCounts[0]?.[0]?.n ?? 0) + (trashCounts[1]?.[0]?.n ?? 0),
    /** Audition applications still at 접수 (nobody has reviewed them yet). */
    newApplications,
    /** Casting packages first opened or answered lately (decision 047). */
    packageEvents: packageEvents.map((event) => ({
      key: `${event.kind}-${event.id}`,
      href: packageAdminPath(event.id),
      title: event.title,
      what: event.kind === "opened" ? `${event.company}에서 처음 열었습니다` : `${event.company}에서 답변 ${event.count}건을 남겼습니다`,
      when: formatKst(event.at),
    })),
  };
}
