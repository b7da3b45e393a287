import { data } from "react-router";
import { TRASH_RETENTION_DAYS } from "../../../domain/content-states";
import { formatKst } from "../../../domain/kst";
import { pageWindow, parsePage } from "../../../lib/pagination";
import { WORKSPACE_PATHS } from "../../../domain/paths";
import { staffActor, flashRedirect, listReturnPath, readStaffForm } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import {
  listTrash,
  parseTrashKey,
  purgeTrashed,
  restoreTrashed,
  TRASH_KINDS,
  trashDaysLeft,
  trashKeyText,
  type TrashKey,
} from "../../../server/trash/trash-bin.server";

/** One record in the trash, as the trash page lists it; `key` is "post-12" or "artist-3". */
export interface TrashItem {
  key: string;
  kind: string;
  kindLabel: string;
  title: string;
  deletedAt: string;
  deletedBy: string;
  /** Whole days until it is purged (0: today). */
  daysLeft: number;
}

async function listTrashItems(ctx: RequestContext, now: Date): Promise<TrashItem[]> {
  return (await listTrash(ctx.runtime.db)).map((record) => ({
    key: trashKeyText(record),
    kind: record.kind,
    kindLabel: record.kindLabel,
    title: record.title,
    deletedAt: formatKst(record.deletedAt),
    deletedBy: record.deletedBy || "-",
    daysLeft: trashDaysLeft(record.deletedAt, now),
  }));
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
  const items = await listTrashItems(ctx, new Date());
  const params = new URL(request.url).searchParams;
  const kindParam = params.get("kind") ?? "";
  const kind = TRASH_KINDS.some((k) => k.value === kindParam) ? kindParam : null;
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
    kindOptions: TRASH_KINDS.map(({ value, label }) => ({ value, label })),
    confirmAll: confirm === "all" && items.length > 0,
    confirmItem: confirm !== "all" && confirm !== "selected" ? (items.find((i) => i.key === confirm) ?? null) : null,
    /** The checked rows to delete for good (`?confirm=selected`): none asks nothing. */
    confirmSelected: confirm === "selected" ? items.filter((i) => selectedKeys.has(i.key)) : [],
    retentionDays: TRASH_RETENTION_DAYS,
  };
}

/** The checked rows (`key`), at most a page of them; null when one cannot be read. */
function parseKeys(form: FormData): TrashKey[] | null {
  const values = form.getAll("key");
  if (values.length > TRASH_PAGE_SIZE) return null;
  const keys = values.map(parseTrashKey);
  return keys.every((key) => key !== null) ? (keys as TrashKey[]) : null;
}

/**
 * The trash's forms: restore or delete for good one row (`intent` "restore"/"purge" with its `key`, or
 * a row's button "restore:<key>"), the checked rows ("restore-selected", "purge-selected" after the
 * confirmation page), or everything ("empty").
 */
export async function handleTrashAction(ctx: RequestContext, request: Request) {
  const read = await readStaffForm(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const session = staffSessionOf(ctx);
  const actor = staffActor(session, ctx);
  const back = listReturnPath(form.get("returnTo"), WORKSPACE_PATHS.trash);
  const intent = String(form.get("intent") ?? "");
  if (intent === "empty") {
    await purgeTrashed(ctx.runtime, actor, await listTrash(ctx.runtime.db));
    return flashRedirect(WORKSPACE_PATHS.trash, "trash-emptied");
  }
  if (intent === "restore-selected" || intent === "purge-selected") {
    const keys = parseKeys(form);
    if (!keys) throw data(null, { status: 400 });
    if (keys.length === 0) return flashRedirect(back, "trash-none-selected");
    if (intent === "restore-selected") return flashRedirect(back, (await restoreTrashed(ctx.runtime, actor, keys)) > 0 ? "trash-restored-selected" : "trash-unchanged");
    return flashRedirect(back, (await purgeTrashed(ctx.runtime, actor, keys)) > 0 ? "trash-purged-selected" : "trash-unchanged");
  }
  const row = /^(restore|purge):(.+)$/.exec(intent);
  const key = parseTrashKey(row ? row[2]! : form.get("key"));
  const single = row ? row[1] : intent;
  if (!key) throw data(null, { status: 400 });
  if (single === "restore") {
    if ((await restoreTrashed(ctx.runtime, actor, [key])) === 0) throw data(null, { status: 404 });
    return flashRedirect(back, "trash-restored");
  }
  if (single === "purge") {
    if ((await purgeTrashed(ctx.runtime, actor, [key])) === 0) throw data(null, { status: 404 });
    return flashRedirect(back, "trash-purged");
  }
  throw data(null, { status: 400 });
}
