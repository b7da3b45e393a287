import { data, redirect } from "react-router";
import { focalPickerSize } from "../../../domain/focal-point";
import { formatKst } from "../../../domain/kst";
import { formatBytes, MEDIA_USE_FILTERS, mediaName, mediaUseLabel, type MediaUse, type MediaUseFilter } from "../../../domain/media-uses";
import { POST_KIND_INFO, postEditorPath } from "../../../domain/post-kinds";
import { fieldErrors, mediaFocalClickSchema, mediaFocalSchema } from "../../../domain/schemas";
import { artistEditorPath, mediaItemPath, WORKSPACE_PATHS } from "../../../domain/paths";
import { parsePage } from "../../../lib/pagination";
import { staffActor, INVALID_MESSAGE, readStaffForm, replyWith } from "../../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../../server/route-kit/context.server";
import { setFlash } from "../../../server/route-kit/flash.server";
import { getMediaItem, listMediaLibrary, listPickerImages, listShareImageUses, MAX_MEDIA_QUERY_LENGTH, type MediaLibraryItem } from "../../../server/media/media-queries.server";
import { deleteMediaItem, updateMediaAlt, updateMediaFocalPoint } from "../../../server/media-library/media-use-cases.server";
import { artistShareImagePath, postShareImagePath } from "../../../server/media/share-image-store.server";
import type { Database } from "../../../server/platform/db.server";

/** A use as the library shows it: what, where to edit it, and whether it is in the trash. */
function useView(use: MediaUse) {
  return {
    key: `${use.entity}-${use.id}`,
    label: mediaUseLabel(use),
    // A trashed record cannot be edited: the trash is where it can be restored.
    href: use.inTrash ? WORKSPACE_PATHS.trash : use.entity === "artist" ? artistEditorPath(use.name) : postEditorPath(use.kind, use.id),
    inTrash: use.inTrash,
  };
}

function itemView(item: MediaLibraryItem) {
  return {
    id: item.id,
    href: mediaItemPath(item.id),
    url: item.url,
    thumbnail: item.thumbnail,
    width: item.width,
    height: item.height,
    size: formatBytes(item.bytes),
    alt: item.alt,
    fileName: item.fileName,
    /** What the library and the item's page call it: alt text, else upload name, else its number. */
    name: mediaName(item),
    uploadedAt: formatKst(item.createdAt),
    uses: item.uses.map(useView),
  };
}

function parseFilter(value: string | null): MediaUseFilter {
  return (MEDIA_USE_FILTERS as readonly string[]).includes(value ?? "") ? (value as MediaUseFilter) : "all";
}

/** /admin/media: every stored image, newest first, 40 per page, filtered by use and searched. */
export async function loadMediaLibrary(ctx: RequestContext, request: Request) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const params = new URL(request.url).searchParams;
  const filter = parseFilter(params.get("use"));
  // The same search as the pickers': by the name a file was uploaded under and by alt text.
  const query = (params.get("q") ?? "").slice(0, MAX_MEDIA_QUERY_LENGTH);
  const list = await listMediaLibrary(ctx.runtime.db, { filter, page: parsePage(params.get("page")), query });
  return { filter, query, page: list.page, pageCount: list.pageCount, total: list.total, items: list.items.map(itemView) };
}

/**
 * /admin/media.json?page=N&q=words: the library for the editors' picker dialog. Signed-in staff only,
 * never cached.
 */
export async function loadMediaJson(ctx: RequestContext, request: Request) {
  const headers = { "Cache-Control": "private, no-store" };
  staffSessionOf(ctx);
  const params = new URL(request.url).searchParams;
  return Response.json(await listPickerImages(ctx.runtime.db, { page: parsePage(params.get("page")), query: params.get("q") ?? "" }), { headers });
}

function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}

/** Share images shown on the media page: at most this many (an image is rarely the main photo of more). */
const MAX_SHARE_PREVIEWS = 4;

/** The share images (Korean) cropped from this image that the public can fetch: an artist's main photo, a post's first image. */
async function sharePreviews(db: Database, mediaId: number) {
  const uses = (await listShareImageUses(db, mediaId)).filter((u) => u.public).slice(0, MAX_SHARE_PREVIEWS);
  const previews = await Promise.all(
    uses.map(async (use) => ({
      key: `${use.entity}-${use.id}`,
      label: use.entity === "artist" ? `배우 ‘${use.name}’` : `${POST_KIND_INFO[use.kind].label} ‘${use.title}’`,
      src: use.entity === "artist" ? await artistShareImagePath(db, use, "ko") : await postShareImagePath(db, { kind: use.kind, postId: use.id }, "ko"),
    })),
  );
  return previews.filter((p): p is typeof p & { src: string } => p.src !== null);
}

/** /admin/media/:id: one image, its variants and uses, the alt text and focal point forms; `?delete` asks before deleting. */
export async function loadMediaItem(ctx: RequestContext, request: Request, idParam: string | undefined) {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const item = await getMediaItem(ctx.runtime.db, parseId(idParam));
  if (!item) throw data(null, { status: 404 });
  return {
    item: {
      ...itemView(item),
      mimeType: item.mimeType,
      variants: item.variants.map((v) => ({ ...v, size: formatBytes(v.bytes) })),
      focal: item.focal,
      // The picker shows the smallest variant that is still sharp at the picker's size.
      pickerSrc: item.variants.find((v) => v.width >= 480)?.url ?? item.url,
      pickerSize: focalPickerSize(item.width, item.height),
    },
    shares: await sharePreviews(ctx.runtime.db, item.id),
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  };
}

type MediaItemValues = { alt?: string; focalX?: string; focalY?: string };

/**
 * The alt text form (intent "alt"), the focal point (intent "focal": a click on the photo or the two
 * percentages) and delete (intent "delete", with "confirmed" after the warning).
 */
export async function handleMediaItemAction(ctx: RequestContext, request: Request, idParam: string | undefined) {
  const mediaId = parseId(idParam);
  const read = await readStaffForm<MediaItemValues>(request, []);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const intent = form.get("intent");
  // Only the fields of the form that was sent: the other form keeps what the page shows.
  const values: MediaItemValues =
    intent === "focal" ? { focalX: String(form.get("focalX") ?? ""), focalY: String(form.get("focalY") ?? "") } : { alt: String(form.get("alt") ?? "") };
  const session = staffSessionOf(ctx);
  const actor = staffActor(session, ctx);

  if (intent === "focal") {
    const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const clicked = form.has("focal.x");
    const parsed = (clicked ? mediaFocalClickSchema : mediaFocalSchema).safeParse(fields);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return replyWith(400, { formError: clicked ? Object.values(errors)[0]! : INVALID_MESSAGE, values, fields: clicked ? {} : errors });
    }
    const result = await updateMediaFocalPoint(ctx.runtime, actor, { mediaId, focal: parsed.data });
    if (result.status === "not-found") throw data(null, { status: 404 });
    if (result.status === "invalid") return replyWith(400, { formError: Object.values(result.errors)[0]!, values });
    return redirect(mediaItemPath(mediaId), { headers: { "Set-Cookie": await setFlash("media-focal-saved") } });
  }
  if (intent === "alt") {
    const result = await updateMediaAlt(ctx.runtime, actor, { mediaId, alt: values.alt ?? "" });
    if (result.status === "not-found") throw data(null, { status: 404 });
    if (result.status === "invalid") return replyWith(400, { formError: INVALID_MESSAGE, values, fields: result.errors });
    return redirect(mediaItemPath(mediaId), { headers: { "Set-Cookie": await setFlash("media-alt-saved") } });
  }
  if (intent === "delete") {
    const result = await deleteMediaItem(ctx.runtime, actor, { mediaId, confirmed: form.get("confirmed") === "1" });
    switch (result.status) {
      case "not-found":
        throw data(null, { status: 404 });
      case "in-use":
        return replyWith(409, { formError: `${result.message} 삭제하려면 경고를 확인한 뒤 ‘그래도 삭제’를 눌러 주세요.` });
      case "blocked":
        return replyWith(409, { formError: result.message });
      case "deleted":
        return redirect(WORKSPACE_PATHS.media, { headers: { "Set-Cookie": await setFlash("media-deleted") } });
    }
  }
  throw data(null, { status: 400 });
}
