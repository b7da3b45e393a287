import { desc, isNotNull } from "drizzle-orm";
import { data, redirect } from "react-router";
import { artists, posts } from "../../../drizzle/schema";
import { TRASH_RETENTION_DAYS } from "../../domain/content-states";
import { formatKst } from "../../domain/kst";
import { POST_KIND_INFO } from "../../domain/post-kinds";
import { WORKSPACE_PATHS } from "../../domain/site-routes";
import { purgeArtists, restoreArtist } from "../artists/artist-use-cases.server";
import { adminActor, readAdminForm } from "../http/admin-forms.server";
import { staffSessionOf } from "../http/access-gate.server";
import type { RequestContext } from "../http/context.server";
import { setFlash } from "../http/flash.server";
import { purgePosts, restorePost } from "../posts/post-use-cases.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One record in the trash, as the trash page lists it; `key` is "post-12" or "artist-3". */
export interface TrashItem {
  key: string;
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
    ...trashedPosts.map((p) => ({ at: p.deletedAt!, item: { key: `post-${p.id}`, kindLabel: POST_KIND_INFO[p.kind].label, title: p.title, deletedAt: formatKst(p.deletedAt!), deletedBy: p.by || "-", daysLeft: daysLeft(p.deletedAt!) } })),
    ...trashedArtists.map((a) => ({ at: a.deletedAt!, item: { key: `artist-${a.id}`, kindLabel: "배우", title: a.name, deletedAt: formatKst(a.deletedAt!), deletedBy: a.by || "-", daysLeft: daysLeft(a.deletedAt!) } })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).map((i) => i.item);
}

/**
 * /admin/trash: what was deleted, restorable for TRASH_RETENTION_DAYS. `?confirm=<key>` or
 * `?confirm=all` asks before deleting for good (a page of its own, so it works without JavaScript).
 */
export async function loadTrash(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const items = await listTrash(ctx, new Date());
  const confirm = new URL(request.url).searchParams.get("confirm");
  return {
    items,
    confirmAll: confirm === "all" && items.length > 0,
    confirmItem: items.find((i) => i.key === confirm) ?? null,
    retentionDays: TRASH_RETENTION_DAYS,
  };
}

function parseKey(value: FormDataEntryValue | null): { entity: "post" | "artist"; id: number } | null {
  const match = /^(post|artist)-(\d+)$/.exec(String(value ?? ""));
  return match ? { entity: match[1] as "post" | "artist", id: Number(match[2]) } : null;
}

export async function handleTrashAction(ctx: RequestContext, request: Request) {
  const read = await readAdminForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const session = staffSessionOf(ctx);
  const actor = adminActor(session, ctx);
  const intent = form.get("intent");
  if (intent === "empty") {
    const items = await listTrash(ctx, new Date());
    const keys = items.map((i) => parseKey(i.key)!);
    await purgePosts(ctx.runtime, actor, keys.filter((k) => k.entity === "post").map((k) => k.id));
    await purgeArtists(ctx.runtime, actor, keys.filter((k) => k.entity === "artist").map((k) => k.id));
    return redirect(WORKSPACE_PATHS.trash, { headers: { "Set-Cookie": await setFlash("trash-emptied") } });
  }
  const key = parseKey(form.get("key"));
  if (!key) throw data(null, { status: 400 });
  if (intent === "restore") {
    const restored = key.entity === "post" ? await restorePost(ctx.runtime, actor, key.id) : await restoreArtist(ctx.runtime, actor, key.id);
    if (!restored) throw data(null, { status: 404 });
    return redirect(WORKSPACE_PATHS.trash, { headers: { "Set-Cookie": await setFlash("trash-restored") } });
  }
  if (intent === "purge") {
    const purged = key.entity === "post" ? await purgePosts(ctx.runtime, actor, [key.id]) : await purgeArtists(ctx.runtime, actor, [key.id]);
    if (purged.length === 0) throw data(null, { status: 404 });
    return redirect(WORKSPACE_PATHS.trash, { headers: { "Set-Cookie": await setFlash("trash-purged") } });
  }
  throw data(null, { status: 400 });
}
