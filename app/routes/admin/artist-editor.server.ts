import { data, redirect } from "react-router";
import type { ArtistFormValues } from "../../components/admin/artist-form";
import { artistControlProblems, artistEnglishFormValues, artistFieldsFromForm, emptyArtistFields, listFieldsOf, pickArtistFields, ARTIST_FIELDS } from "../../domain/artist-fields";
import { isBlankReel, MAX_REELS, reelFormValues, reelRowsFromForm, reelsFromForm, REELS_FIELD } from "../../domain/reels";
import { kstDate } from "../../domain/kst";
import { applyListMove, focusAfterListMove, listEntryId, LIST_MOVE_FIELD, parseListMove, type ListMove } from "../../domain/list-moves";
import { MAX_ARTIST_IMAGES } from "../../domain/constants";
import { ARTIST_STATUSES, type ArtistStatus } from "../../domain/content-states";
import { artistFieldErrors, artistInputSchema } from "../../domain/schemas";
import { artistEditorPath, artistPath, deleteReturnOf, PATHS, previewPath, WORKSPACE_PATHS } from "../../domain/paths";
import { staffActor, expectedVersionOf, INVALID_MESSAGE, readStaffForm, replyConflict, replyWith } from "../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { isOversizeUpload, OVERSIZE_MESSAGE } from "../../server/route-kit/uploads.server";
import type { LibraryPage } from "../../domain/media-uses";
import { listPickerImages, pickerSearchOf } from "../../server/media/media-queries.server";
import { ImageRejectedError } from "../../server/media/media.server";
import { uploadImage } from "../../server/media/upload-image.server";
import { getArtist } from "../../server/artists/artist-queries.server";
import { deleteArtist, saveArtist } from "../../server/artists/artist-use-cases.server";

/** The artist form's server side (routes/admin/artist-editor.tsx is the route module). */

export const IMAGE_FILE_FIELDS = Array.from({ length: MAX_ARTIST_IMAGES }, (_, i) => `imageFile${i}`);

function emptyValues(): ArtistFormValues {
  return { ...emptyArtistFields(), en: artistEnglishFormValues({}), status: "public", displayOrder: "", images: Array.from({ length: MAX_ARTIST_IMAGES }, () => ""), reels: [] };
}

/** The state chosen in the form; an unknown value (a forged form) counts as public, the form's default. */
function parseArtistStatus(value: FormDataEntryValue | null): ArtistStatus {
  return typeof value === "string" && (ARTIST_STATUSES as readonly string[]).includes(value) ? (value as ArtistStatus) : "public";
}

/** The artist form's values as sent (everything kept, for showing them again or previewing them). */
export function artistValuesFromForm(form: FormData): ArtistFormValues {
  return {
    // The fields and their English versions ("en.birthday", "en.education", ...).
    ...artistFieldsFromForm(form),
    status: parseArtistStatus(form.get("status")),
    displayOrder: String(form.get("displayOrder") ?? ""),
    // A photo picked from the media library (the no-JavaScript thumbnails) takes the slot.
    images: Array.from({ length: MAX_ARTIST_IMAGES }, (_, i) => (form.get(`removeImage${i}`) ? "" : String(form.get(`libraryImage${i}`) || form.get(`image${i}`) || ""))),
    // The reels' rows, the new reel's included when typed in.
    reels: reelsFromForm(form),
  };
}

/** The newest stored images, offered as thumbnails in each photo slot without JavaScript (with it, the picker dialog). */
function libraryChoices(ctx: RequestContext): Promise<LibraryPage> {
  return listPickerImages(ctx.runtime.db, { page: 1, query: "" });
}

export async function loadArtistEditor(ctx: RequestContext, request: Request, name: string | undefined) {
  staffSessionOf(ctx);
  const mode = name === undefined ? ("create" as const) : ("edit" as const);
  const library = await libraryChoices(ctx);
  if (name === undefined) return { mode, values: emptyValues(), version: 0, originalName: null, confirmDelete: false, deleteFrom: null, viewHref: null, library };
  const artist = await getArtist(ctx.runtime.db, name, "workspace");
  if (!artist) throw data(null, { status: 404 });
  const values: ArtistFormValues = {
    ...pickArtistFields(artist),
    en: artistEnglishFormValues(artist.en),
    status: artist.status,
    displayOrder: String(artist.displayOrder),
    images: Array.from({ length: MAX_ARTIST_IMAGES }, (_, i) => artist.images[i]?.url ?? ""),
    reels: reelFormValues(artist.reels),
  };
  const deleteParam = new URL(request.url).searchParams.get("delete");
  return {
    mode,
    values,
    version: artist.version,
    originalName: artist.name,
    confirmDelete: deleteParam !== null,
    deleteFrom: deleteReturnOf(deleteParam),
    // Where the profile is seen: on the site when public, in the preview otherwise.
    viewHref: artist.status === "public" ? artistPath(artist.name) : previewPath("artist", artist.id),
    library,
  };
}

/** The form's values with a list's move applied (the entries as sent, blank ones included, are the buttons' indexes). */
function withListMove(form: FormData, values: ArtistFormValues, move: ListMove): { values: ArtistFormValues; focus: string | null } {
  if (move.name === REELS_FIELD) return withReelMove(form, values, move);
  const english = move.name.startsWith("en.");
  const key = english ? move.name.slice(3) : move.name;
  if (!listFieldsOf(ARTIST_FIELDS).some((f) => f.key === key)) return { values, focus: null };
  const sent = form.getAll(move.name).map((v, index) => ({ text: typeof v === "string" ? v.trim() : "", index }));
  const after = applyListMove(sent, move).filter((entry) => entry.text);
  const entries = after.map((entry) => entry.text);
  // Blank entries are dropped: the moved or removed entry's place is counted among the others.
  const at = (index: number) => (move.action === "add" ? 0 : sent.slice(0, index).filter((entry) => entry.text).length);
  const moved = after.findIndex((entry) => move.action !== "add" && entry.index === move.index);
  const focus =
    move.action === "up" || move.action === "down"
      ? moved < 0
        ? move.name
        : focusAfterListMove({ ...move, index: move.action === "up" ? moved + 1 : moved - 1 }, entries.length)
      : focusAfterListMove(move.action === "add" ? move : { ...move, index: at(move.index) }, entries.length);
  return { values: english ? { ...values, en: { ...values.en, [key]: entries } } : { ...values, [key]: entries }, focus };
}

/**
 * The reels' 위로/아래로/삭제/추가 without JavaScript, like the list fields': the rows as sent (blank ones
 * included: the buttons' indexes are the form's), then the new reel's row, moved and then left without
 * blank rows. 추가 keeps the typed new reel as an entry (it is already one of `values.reels`) and focuses
 * the next box (the last reel's address when the list is full).
 */
function withReelMove(form: FormData, values: ArtistFormValues, move: ListMove): { values: ArtistFormValues; focus: string | null } {
  if (move.action === "add") return { values, focus: values.reels.length >= MAX_REELS ? listEntryId(REELS_FIELD, values.reels.length - 1) : REELS_FIELD };
  const sent = reelRowsFromForm(form);
  if (move.index >= sent.length || isBlankReel(sent[move.index]!)) return { values, focus: REELS_FIELD };
  // The moved or removed row's place among the rows that are kept.
  const index = sent.slice(0, move.index).filter((reel) => !isBlankReel(reel)).length;
  const reels = applyListMove(sent, move).filter((reel) => !isBlankReel(reel));
  return { values: { ...values, reels }, focus: focusAfterListMove({ ...move, index }, reels.length) };
}

/** Stores the photos sent with the form into `values.images`; the refused ones' messages by slot. */
async function storeSentPhotos(ctx: RequestContext, actor: ReturnType<typeof staffActor>, form: FormData, values: ArtistFormValues) {
  const imageErrors: Record<number, string> = {};
  for (const [i, field] of IMAGE_FILE_FIELDS.entries()) {
    const file = form.get(field);
    if (isOversizeUpload(file)) {
      imageErrors[i] = OVERSIZE_MESSAGE;
      continue;
    }
    if (!(file instanceof File) || file.size === 0) continue;
    try {
      values.images[i] = (await uploadImage(ctx.runtime, actor, new Uint8Array(await file.arrayBuffer()), file.name)).url;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      imageErrors[i] = error.message;
    }
  }
  return imageErrors;
}

export async function handleArtistEditorAction(ctx: RequestContext, request: Request, name: string | undefined) {
  const read = await readStaffForm<ArtistFormValues>(request, IMAGE_FILE_FIELDS);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const values = artistValuesFromForm(form);
  const session = staffSessionOf(ctx);
  const actor = staffActor(session, ctx);

  if (form.get("intent") === "delete") {
    if (name === undefined || !(await deleteArtist(ctx.runtime, actor, name))) throw data(null, { status: 404 });
    // From the workspace, back to its list; from the public profile, to /artist (requirements R8.5).
    const to = deleteReturnOf(form.get("from")) === "public" ? PATHS.artists : WORKSPACE_PATHS.artists;
    return redirect(to, { headers: { "Set-Cookie": await setFlash("artist-deleted") } });
  }

  // Photos sent with the form (no JavaScript) go through the media pipeline first, so a text error
  // below does not cost the administrator the chosen photos: they come back as stored images.
  const imageErrors = await storeSentPhotos(ctx, actor, form, values);
  // A list's 위로/아래로/삭제/추가 without JavaScript: the form comes back with the change and everything typed.
  const listMove = parseListMove(form.get(LIST_MOVE_FIELD));
  if (listMove) {
    const moved = withListMove(form, values, listMove);
    return replyWith(200, { formError: "", values: moved.values, imageErrors, arrivalFocus: moved.focus });
  }
  // A photo slot's library search without JavaScript: the same, with what was found.
  const librarySearch = await pickerSearchOf(ctx.runtime.db, form);
  if (librarySearch) return replyWith(200, { formError: "", values, imageErrors, librarySearch });

  const input = { ...pickArtistFields(values), imageUrls: values.images.filter(Boolean), en: values.en, reels: values.reels };
  const controlProblems = artistControlProblems(values, kstDate(new Date()));
  if (Object.keys(imageErrors).length > 0 || Object.keys(controlProblems).length > 0) {
    // The other fields are checked too, so every problem is shown at once.
    const parsed = artistInputSchema.safeParse(input);
    const status = Object.values(imageErrors).includes(OVERSIZE_MESSAGE) ? 413 : 400;
    return replyWith(status, { formError: INVALID_MESSAGE, values, imageErrors, fields: { ...(parsed.success ? {} : artistFieldErrors(parsed.error)), ...controlProblems } });
  }

  const order = values.displayOrder.trim();
  const result = await saveArtist(ctx.runtime, actor, {
    existingName: name ?? null,
    input,
    status: values.status,
    displayOrder: order === "" ? null : Number(order),
    expectedVersion: name === undefined ? null : expectedVersionOf(form),
  });
  switch (result.status) {
    case "invalid":
      return replyWith(400, { formError: INVALID_MESSAGE, values, fields: result.errors });
    case "not-found":
      throw data(null, { status: 404 });
    case "duplicate-name":
      return replyWith(409, {
        formError: result.inTrash
          ? "휴지통에 같은 이름의 배우가 있습니다. 휴지통에서 복원하거나 영구 삭제한 뒤 다시 저장해 주세요."
          : "같은 이름의 배우가 이미 있습니다. 다른 이름을 입력해 주세요.",
        values,
        fields: { name: result.inTrash ? "휴지통에 같은 이름의 배우가 있습니다." : "같은 이름의 배우가 이미 있습니다. (비공개 배우 포함)" },
      });
    case "unknown-image":
      return replyWith(400, { formError: "사진 정보가 올바르지 않습니다. 사진을 다시 올려 주세요.", values });
    case "conflict":
      return replyConflict(values, "배우 정보", result.version);
    case "saved":
      // Always back to the artist's editor, whatever its state (decision 044, instead of the public roster).
      return redirect(artistEditorPath(result.name), { headers: { "Set-Cookie": await setFlash(result.created ? "artist-created" : "artist-updated") } });
  }
}
