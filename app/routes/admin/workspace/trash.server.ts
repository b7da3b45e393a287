import { desc, isNotNull } from "drizzle-orm";
import { data } from "react-router";
import { artists, posts } from "../../../../drizzle/schema";
import { TRASH_RETENTION_DAYS } from "../../../domain/content-states";
import { formatKst } from "../../../domain/kst";
import { POST_KIND_INFO, POST_KINDS } from "../../../domain/post-kinds";
import { pageWindow, parsePage } from "../../../lib/pagination";
import type { Actor } from "../../../server/platform/services.server";
import { WORKSPACE_PATHS } from "../../../domain/site-routes";
import { purgeArtists, restoreArtist } from "../../../server/artists/artist-use-cases.server";
import { adminActor, flashRedirect, listReturnPath, readAdminForm } from "../../../server/route-kit/admin-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { purgePosts, restorePost } from "../../../server/posts/post-use-cases.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the trash can be filtered by: a post kind or artists. */
const TRASH_KINDS = [...POST_KINDS, "artist"] as const;
type TrashKind = (typeof TRASH_KINDS)[number];

/** One record in the trash, as the trash page lists it; `key` is "post-12" or "artist-3". */
export interface TrashItem {
  key: string;
  kind: TrashKind;
  kindLabel: string;
  title: string;
  deletedAt: string;
  deletedBy: string;
  /** Whole days until it is purged (0: today). */
  daysLeft: number;
}

async function listTrash(ctx: RequestContext, now: Date): Promise<TrashItem[]> {
  const { db } = ctx.runtime;
  const [trashedPosts, trashedArtists] = await Promise.all([
    db.select({ id: posts.id, kind: posts.kind, title: posts.title, deletedAt: posts.deletedAt, by: posts.updatedBy }).from(posts).where(isNotNull(posts.deletedAt)).orderBy(desc(posts.deletedAt)),
    db.select({ id: artists.id, name: artists.name, deletedAt: artists.deletedAt, by: artists.updatedBy }).from(artists).where(isNotNull(artists.deletedAt)).orderBy(desc(artists.deletedAt)),
  ]);
  const daysLeft = (deletedAt: Date) => Math.max(0, Math.ceil((deletedAt.getTime() + TRASH_RETENTION_DAYS * DAY_MS - now.getTime()) / DAY_MS));
  const items = [
    ...trashedPosts.map((p) => ({ at: p.deletedAt!, item: { key: `post-${p.id}`, kind: p.kind, kindLabel: POST_KIND_INFO[p.kind].label, title: p.title, deletedAt: formatKst(p.deletedAt!), deletedBy: p.by || "-", daysLeft: daysLeft(p.deletedAt!) } })),
    ...trashedArtists.map((a) => ({ at: a.deletedAt!, item: { key: `artist-${a.id}`, kind: "artist" as const, kindLabel: "배우", title: a.name, deletedAt: formatKst(a.deletedAt!), deletedBy: a.by || "-", daysLeft: daysLeft(a.deletedAt!) } })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).map((i) => i.item);
}

/** Rows per page of the trash. */
export const TRASH_PAGE_SIZE = 20;

/**
 * /admin/trash: what was deleted, restorable for TRASH_RETENTION_DAYS, newest first, filtered by kind,
 * TRASH_PAGE_SIZE a page. `?confirm=<key>`, `?confirm=all` or `?confirm=selected&key=…` asks before
 * deleting for good (a page of its own, so it works without JavaScript).
 */
export async function loadTrash(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
  const items = await listTrash(ctx, new Date());
  const params = new URL(request.url).searchParams;
  const kindParam = params.get("kind") ?? "";
  const kind = (TRASH_KINDS as readonly string[]).includes(kindParam) ? (kindParam as TrashKind) : null;
  const matching = kind === null ? items : items.filter((item) => item.kind === kind);
  const { page, pageCount, limit, offset } = pageWindow(matching.length, parsePage(params.get("page")), TRASH_PAGE_SIZE);
  const confirm = params.get("confirm");
  const selectedKeys = new Set(params.getAll("key"));
  return {
    items: matching.slice(offset, offset + limit),
    total: items.length,
    matching: matching.length,
    page,
    pageCount,
    filter: { kind: kind ?? "" },
    kindOptions: TRASH_KINDS.map((value) => ({ value, label: value === "artist" ? "배우" : POST_KIND_INFO[value].label })),
    confirmAll: confirm === "all" && items.length > 0,
    confirmItem: confirm !== "all" && confirm !== "selected" ? (items.find((i) => i.key === confirm) ?? null) : null,
    /** The checked rows to delete for good (`?confirm=selected`): none asks nothing. */
    confirmSelected: confirm === "selected" ? items.filter((i) => selectedKeys.has(i.key)) : [],
    retentionDays: TRASH_RETENTION_DAYS,
  };
}

type TrashKey = { entity: "post" | "artist"; id: number };

function parseKey(value: FormDataEntryValue | null): TrashKey | null {
  const match = /^(post|artist)-(\d{1,9})$/.exec(String(value ?? ""));
  return match ? { entity: match[1] as "post" | "artist", id: Number(match[2]) } : null;
}

/** The checked rows (`key`), at most a page of them; null when one cannot be read. */
function parseKeys(form: FormData): TrashKey[] | null {
  const values = form.getAll("key");
  if (values.length > TRASH_PAGE_SIZE) return null;
  const keys = values.map(parseKey);
  return keys.every((key) => key !== null) ? (keys as TrashKey[]) : null;
}

async function restoreKeys(ctx: RequestContext, actor: Actor, keys: TrashKey[]): Promise<number> {
  let restored = 0;
  for (const key of keys) {
    const done = key.entity === "post" ? await restorePost(ctx.runtime, actor, key.id) : await restoreArtist(ctx.runtime, actor, key.id);
    if (done) restored += 1;
  }
  return restored;
}

async function purgeKeys(ctx: RequestContext, actor: Actor, keys: TrashKey[]): Promise<number> {
  const posts = await purgePosts(ctx.runtime, actor, keys.filter((k) => k.entity === "post").map((k) => k.id));
  const artists = await purgeArtists(ctx.runtime, actor, keys.filter((k) => k.entity === "artist").map((k) => k.id));
  return posts.length + artists.length;
}

/**
 * The trash's forms: restore or delete for good one row (`intent` "restore"/"purge" with its `key`, or
 * a row's button "restore:<key>"), the checked rows ("restore-selected", "purge-selected" after the
 * confirmation page), or everything ("empty").
 */
export async function handleTrashAction(ctx: RequestContext, request: Request) {
  const read = await readAdminForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const session = staffSessionOf(ctx);
  const actor = adminActor(session, ctx);
  const back = listReturnPath(form.get("returnTo"), WORKSPACE_PATHS.trash);
  const intent = String(form.get("intent") ?? "");
  if (intent === "empty") {
    const items = await listTrash(ctx, new Date());
    await purgeKeys(ctx, actor, items.map((i) => parseKey(i.key)!));
    return flashRedirect(WORKSPACE_PATHS.trash, "trash-emptied");
  }
  if (intent === "restore-selected" || intent === "purge-selected") {
    const keys = parseKeys(form);
    if (!keys) throw data(null, { status: 400 });
    if (keys.length === 0) return flashRedirect(back, "trash-none-selected");
    if (intent === "restore-selected") return flashRedirect(back, (await restoreKeys(ctx, actor, keys)) > 0 ? "trash-restored-selected" : "trash-unchanged");
    return flashRedirect(back, (await purgeKeys(ctx, actor, keys)) > 0 ? "trash-purged-selected" : "trash-unchanged");
  }
  const row = /^(restore|purge):(.+)$/.exec(intent);
  const key = parseKey(row ? row[2]! : form.get("key"));
  const single = row ? row[1] : intent;
  if (!key) throw data(null, { status: 400 });
  if (single === "restore") {
    if ((await restoreKeys(ctx, actor, [key])) === 0) throw data(null, { status: 404 });
    return flashRedirect(back, "trash-restored");
  }
  if (single === "purge") {
    if ((await purgeKeys(ctx, actor, [key])) === 0) throw data(null, { status: 404 });
    return flashRedirect(back, "trash-purged");
  }
  throw data(null, { status: 400 });
}
