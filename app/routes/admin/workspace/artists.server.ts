import { data, redirect } from "react-router";
import { ARTIST_STATUS_LABELS, ARTIST_STATUSES, type ArtistStatus } from "../../../domain/content-states";
import { formatKst } from "../../../domain/kst";
import { artistEditorPath, artistPath, historyPath, previewPath, WORKSPACE_PATHS } from "../../../domain/paths";
import { reorderArtists } from "../../../server/artists/artist-use-cases.server";
import { listArtists } from "../../../server/artists/artist-queries.server";
import { staffActor, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";

/**
 * /admin/artists: every artist (not in the trash) in roster order, with photo, names and state; found by
 * a name (Korean or English) and a state. The roster is one agency's (tens of rows): it is filtered here.
 */
export async function loadWorkspaceArtists(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status") ?? "";
  const status = (ARTIST_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as ArtistStatus) : null;
  const query = (params.get("q") ?? "").trim().slice(0, 100);
  const needle = query.toLocaleLowerCase("ko");
  const roster = await listArtists(ctx.runtime.db, "workspace");
  const matches = (artist: (typeof roster)[number]) =>
    (status === null || artist.status === status) && (needle === "" || `${artist.name}\n${artist.nameEn}`.toLocaleLowerCase("ko").includes(needle));
  // After a move without JavaScript (the redirect names it): that row's button takes the focus.
  const moved = /^(\d{1,10}):(up|down)$/.exec(params.get("moved") ?? "");
  return {
    focusMove: moved ? { id: Number(moved[1]), direction: moved[2] as "up" | "down" } : null,
    filter: { status: status ?? "", q: query },
    /** The order can be changed only on the whole roster (a move swaps neighbours, which a filter may hide). */
    filtered: status !== null || query !== "",
    total: roster.length,
    statusOptions: ARTIST_STATUSES.map((value) => ({ value, label: ARTIST_STATUS_LABELS[value] })),
    rows: roster.flatMap((artist, index) => (matches(artist) ? [{
      id: artist.id,
      position: index + 1,
      name: artist.name,
      nameEn: artist.nameEn,
      status: artist.status,
      statusLabel: ARTIST_STATUS_LABELS[artist.status],
      thumbnail: artist.images[0] ? (artist.images[0].variants[0]?.url ?? artist.images[0].url) : null,
      updatedAt: formatKst(artist.updatedAt),
      updatedBy: artist.updatedBy || "-",
      editHref: artistEditorPath(artist.name),
      viewHref: artist.status === "public" ? artistPath(artist.name) : previewPath("artist", artist.id),
      historyHref: historyPath("artist", artist.id),
    }] : [])),
  };
}

/** The order a form asks for: a move up or down, every row's number, or (with JavaScript) a dragged row's new place. */
function requestedOrder(form: FormData, current: number[]): number[] | null {
  const move = /^(\d+):(up|down)$/.exec(String(form.get("move") ?? ""));
  if (move) {
    const id = Number(move[1]);
    const from = current.indexOf(id);
    const to = move[2] === "up" ? from - 1 : from + 1;
    if (from === -1 || to < 0 || to >= current.length) return current;
    const next = [...current];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  }
  // A dragged row, placed before or after another one (relative, so a concurrent change elsewhere in
  // the roster is kept rather than overwritten by this page's possibly stale list).
  const place = /^(\d+):(before|after):(\d+)$/.exec(String(form.get("place") ?? ""));
  if (place) {
    const [id, target] = [Number(place[1]), Number(place[3])];
    if (!current.includes(id) || !current.includes(target) || id === target) return current;
    const next = current.filter((n) => n !== id);
    next.splice(next.indexOf(target) + (place[2] === "after" ? 1 : 0), 0, id);
    return next;
  }
  if (form.get("intent") === "order") {
    // Numbers as typed; rows without a valid number keep their place relative to each other, after the numbered ones.
    const numbered = current.map((id, index) => {
      const typed = Number(String(form.get(`order-${id}`) ?? "").trim());
      return { id, index, key: Number.isFinite(typed) && String(form.get(`order-${id}`) ?? "").trim() !== "" ? typed : Number.POSITIVE_INFINITY };
    });
    // A row given another number than its place goes ahead of the row already there ("1" puts it first).
    const moved = (n: { index: number; key: number }) => (n.key !== n.index + 1 ? 0 : 1);
    numbered.sort((a, b) => a.key - b.key || moved(a) - moved(b) || a.index - b.index);
    return numbered.map((n) => n.id);
  }
  return null;
}

export async function handleWorkspaceArtistsAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const session = staffSessionOf(ctx);
  const current = (await listArtists(ctx.runtime.db, "workspace")).map((a) => a.id);
  const order = requestedOrder(form, current);
  if (!order) throw data(null, { status: 400 });
  await reorderArtists(ctx.runtime, staffActor(session, ctx), order);
  // With JavaScript the page stays as it is (fetcher); without it, back to the list with a notice.
  if (form.get("js") === "1") return { ok: true as const };
  // A move says which, so its button has the focus again on the list (the next press moves it further).
  const move = /^(\d+):(up|down)$/.exec(String(form.get("move") ?? ""));
  const back = move ? `${WORKSPACE_PATHS.artists}?moved=${move[1]}:${move[2]}` : WORKSPACE_PATHS.artists;
  return redirect(back, { headers: { "Set-Cookie": await setFlash("roster-reordered") } });
}
