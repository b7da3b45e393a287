/**
 * Content states, in one place: which posts and artists the public sees, and how the workspace names
 * each state. Only a published post and a public artist reach the public pages, the API lists, the
 * sitemap, the feeds and the caches; a record in the trash reaches nothing public.
 */

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: "임시 저장",
  scheduled: "예약",
  published: "공개",
};

/**
 * What a post editor's buttons ask for (decision 067): 임시 저장 / 비공개로 전환 / 예약 취소 (`draft`), 공개 /
 * 업데이트 (`publish`), 예약 (`schedule`, at the form's time), and `keep` when no button said (Enter in a
 * text box): the post keeps its state, and a new post is a draft.
 */
export const POST_PUBLISH_ACTIONS = ["keep", "draft", "publish", "schedule"] as const;
export type PostPublishAction = (typeof POST_PUBLISH_ACTIONS)[number];

export function isPublishAction(value: unknown): value is PostPublishAction {
  return typeof value === "string" && (POST_PUBLISH_ACTIONS as readonly string[]).includes(value);
}

export const ARTIST_STATUSES = ["draft", "public", "hidden", "former"] as const;
export type ArtistStatus = (typeof ARTIST_STATUSES)[number];

export const ARTIST_STATUS_LABELS: Record<ArtistStatus, string> = {
  draft: "임시 저장",
  public: "공개",
  hidden: "비공개",
  former: "전속 종료",
};

/** What each artist state means, for the form's choices. */
export const ARTIST_STATUS_HINTS: Record<ArtistStatus, string> = {
  draft: "아직 준비 중인 배우입니다. 사이트에 보이지 않습니다.",
  public: "배우 목록과 프로필 페이지에 보입니다.",
  hidden: "잠시 사이트에서 내립니다. 직원에게만 보입니다.",
  former: "전속 계약이 끝난 배우입니다. 기록으로 남기고 사이트에는 보이지 않습니다.",
};

/** Days a deleted post or artist stays in the trash before it is purged for good. */
export const TRASH_RETENTION_DAYS = 30;

/**
 * How far ahead a post may be scheduled to go public or to come down (years). Further than that is a
 * typo ("20226-12-01") or a way to park a post where nobody looks; the workspace lists would carry it
 * for decades.
 */
export const MAX_SCHEDULE_YEARS_AHEAD = 5;

/** The latest time a post may be scheduled for, as of `now`. */
export function scheduleHorizon(now: Date): Date {
  const horizon = new Date(now);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + MAX_SCHEDULE_YEARS_AHEAD);
  return horizon;
}

/** Whether a post's state shows it to the public. */
export function isPublicPost(post: { status: PostStatus; deletedAt: Date | null }): boolean {
  return post.status === "published" && post.deletedAt === null;
}

/** Whether an artist's state shows them to the public (roster and profile). */
export function isPublicArtist(artist: { status: ArtistStatus; deletedAt: Date | null }): boolean {
  return artist.status === "public" && artist.deletedAt === null;
}
