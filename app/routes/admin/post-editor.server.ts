import { data, redirect } from "react-router";
import type { PostFormValues } from "../../components/admin/post-form";
import type { PostSaveOutcome } from "../../lib/flash-messages";
import type { PostKind } from "../../domain/post-kinds";
import { isPublishAction, type PostPublishAction, type PostStatus } from "../../domain/content-states";
import { formatKst, parseKstInputValue, toKstInputValue } from "../../domain/kst";
import { postDetailPath, postEditorPath } from "../../domain/post-kinds";
import { deleteReturnOf, previewPath, PATHS, WORKSPACE_PATHS } from "../../domain/paths";
import { parsePostId } from "../../lib/post-id";
import { staffActor, expectedVersionOf, INVALID_MESSAGE, readStaffForm, replyConflict, replyWith } from "../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";
import { isOversizeUpload, OVERSIZE_MESSAGE } from "../../server/route-kit/uploads.server";
import { ImageRejectedError } from "../../server/media/media.server";
import { uploadImage } from "../../server/media/upload-image.server";
import { getPost } from "../../server/posts/post-queries.server";
import { getMediaByUrls } from "../../server/media/media.server";
import { postFigureHtml } from "../../domain/post-figures";
import { fieldErrors, figureDetailsSchema } from "../../domain/schemas";
import { emptyPostFields, pickPostChoices, pickPostFields, postFieldsFromForm, postFieldsOf, type PostFieldValues } from "../../domain/post-fields";
import { POST_FORM_FILES, type AttachValues } from "../../components/admin/post-extras-fields";
import { listPickerImages, pickerSearchOf } from "../../server/media/media-queries.server";
import type { Actor } from "../../server/platform/services.server";
import { deletePost, savePost, type Publication } from "../../server/posts/post-use-cases.server";

/** The news and notice editors' server side (routes/admin/post-editor.tsx is the route module). */

/** Without JavaScript an image comes as a file (or a library pick) next to the HTML; it is stored and appended as a figure. */
export const ATTACHMENT_FIELD = POST_FORM_FILES.attach;
/** Every file field of the post editor's form (the editor's action and its preview read the same form). */
export const POST_FILE_FIELDS = [ATTACHMENT_FIELD, POST_FORM_FILES.featured] as const;

/** The post as the editor opens it: its fields, its state, and the form values it starts from. */
export interface EditorPost {
  postId: number | null;
  version: number;
  status: PostStatus | null;
  publishAt: string | null;
  values: PostFormValues;
}

const NO_ATTACHMENT: AttachValues = { attachLibraryImage: "", attachAlt: "", attachCaption: "", attachSize: "full", attachDecorative: false };

/** The form's values: the post's fields (app/domain/post-fields.ts), the publication, then the no-JavaScript attachment. */
function formValues(fields: PostFieldValues, publication: Omit<PostFormValues, keyof PostFieldValues | keyof AttachValues>): PostFormValues {
  // The content and its English version first, then the publication, then the choices: the order the
  // editor's local draft has always kept (use-editor-draft.ts compares the values as JSON).
  return { ...pickPostFields(fields, postFieldsOf("content")), ...publication, ...pickPostChoices(fields), ...NO_ATTACHMENT };
}

function emptyValues(): PostFormValues {
  return formValues(emptyPostFields(), { publication: "keep", publishAt: "", unpublishAt: "", pinned: false });
}

export async function loadPostEditor(ctx: RequestContext, request: Request, kind: PostKind, rawPostId: string | undefined) {
  staffSessionOf(ctx);
  const requestedId = rawPostId === undefined ? null : parsePostId(rawPostId);
  // The newest images, for the pickers without JavaScript (with it, the picker dialog loads its own).
  const library = await listPickerImages(ctx.runtime.db, { page: 1, query: "" });
  if (rawPostId === undefined) {
    const empty: EditorPost = { postId: null, version: 0, status: null, publishAt: null, values: emptyValues() };
    return { kind, mode: "create" as const, post: empty, confirmDelete: false, deleteFrom: null, viewHref: null, library };
  }
  const post = requestedId === null ? null : await getPost(ctx.runtime.db, kind, requestedId, "workspace");
  if (!post) throw data(null, { status: 404 });
  const editorPost: EditorPost = {
    postId: post.postId,
    version: post.version,
    status: post.status,
    publishAt: post.publishAt ? formatKst(post.publishAt) : null,
    values: formValues(post, {
      publication: "keep",
      publishAt: post.publishAt ? toKstInputValue(post.publishAt) : "",
      unpublishAt: post.unpublishAt ? toKstInputValue(post.unpublishAt) : "",
      pinned: post.pinned,
    }),
  };
  const deleteParam = new URL(request.url).searchParams.get("delete");
  return {
    kind,
    mode: "edit" as const,
    post: editorPost,
    confirmDelete: deleteParam !== null,
    deleteFrom: deleteReturnOf(deleteParam),
    // Where it is seen: on the site once published, in the preview otherwise.
    viewHref: post.status === "published" ? postDetailPath(kind, post.postId) : previewPath(kind, post.postId),
    library,
  };
}

/** The form's values as sent (everything kept, for showing them again). */
export function postValuesFromForm(form: FormData): PostFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  // The button pressed; after a conflict, "내 내용으로 저장" repeats the one pressed before (askedPublication).
  const asked = form.get("publication") ?? (form.get("overwriteVersion") !== null ? form.get("askedPublication") : null);
  return {
    ...formValues(postFieldsFromForm(form), {
      publication: isPublishAction(asked) ? asked : "keep",
      publishAt: text("publishAt"),
      unpublishAt: text("unpublishAt"),
      pinned: form.get("pinned") === "1",
    }),
    attachLibraryImage: text("attachLibraryImage"),
    attachAlt: text("attachAlt"),
    attachCaption: text("attachCaption"),
    attachSize: text("attachSize"),
    attachDecorative: form.get("attachDecorative") === "1",
  };
}

/**
 * The state the pressed button asks for (decision 067), or the messages for the date fields. "keep" (Enter
 * in a text box) keeps the post's state: a new post or a draft stays a draft, a scheduled post stays
 * scheduled at the time in its field, a published post stays published. A schedule must be ahead of `now`
 * (the API publishes a past schedule at once; a button labelled 예약 never does).
 */
export function publicationFromValues(
  values: PostFormValues,
  current: PostStatus | null,
  now: Date,
): { publication: Publication; unpublishAt: Date | null } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const action = values.publication === "keep" ? KEEP_ACTION[current ?? "draft"] : values.publication;
  let publication: Publication = { mode: action === "draft" ? "draft" : "publish" };
  if (action === "schedule") {
    const at = parseKstInputValue(values.publishAt);
    if (!values.publishAt.trim()) errors.publishAt = "예약 공개 날짜와 시각을 입력해 주세요.";
    else if (!at) errors.publishAt = "예약 공개 시각을 2026-12-01 09:00처럼 날짜와 시각으로 입력해 주세요.";
    else if (at.getTime() <= now.getTime()) errors.publishAt = "예약 공개 시각이 이미 지났습니다. 앞으로의 시각을 입력하거나, 지금 공개하려면 ‘공개’를 눌러 주세요.";
    else publication = { mode: "schedule", at };
  }
  let unpublishAt: Date | null = null;
  if (values.unpublishAt.trim()) {
    unpublishAt = parseKstInputValue(values.unpublishAt);
    if (!unpublishAt) errors.unpublishAt = "공개 종료 시각을 2026-12-31 18:00처럼 날짜와 시각으로 입력해 주세요.";
  }
  return Object.keys(errors).length > 0 ? { errors } : { publication, unpublishAt };
}

/** What Enter (no button's value) does to a post in each state: keep it. */
const KEEP_ACTION: Record<PostStatus, Exclude<PostPublishAction, "keep">> = { draft: "draft", scheduled: "schedule", published: "publish" };

/** The notice for what a save did: from the state before and after. */
export function saveOutcome(before: PostStatus | null, after: PostStatus): PostSaveOutcome {
  if (after === "scheduled") return "scheduled";
  if (after === "published") return before === "published" ? "updated" : "published";
  return before === "published" ? "unpublished" : before === "scheduled" ? "unscheduled" : "drafted";
}

export async function handlePostEditorAction(ctx: RequestContext, request: Request, kind: PostKind, rawPostId: string | undefined) {
  const read = await readStaffForm<PostFormValues>(request, POST_FILE_FIELDS);
  if ("refused" in read) return read.refused;
  const { form } = read;
  const values = postValuesFromForm(form);

  const session = staffSessionOf(ctx);
  const actor = staffActor(session, ctx);
  const postId = rawPostId === undefined ? null : parsePostId(rawPostId);
  if (rawPostId !== undefined && postId === null) throw data(null, { status: 404 });

  if (form.get("intent") === "delete") {
    if (postId === null || !(await deletePost(ctx.runtime, actor, { kind, postId }))) throw data(null, { status: 404 });
    // From the workspace, back to its list; from the public page, to /pr (requirements R8.5).
    const to = deleteReturnOf(form.get("from")) === "public" ? PATHS.pr : WORKSPACE_PATHS.posts;
    return redirect(to, { headers: { "Set-Cookie": await setFlash(`${kind}-deleted`) } });
  }

  // A picker's search without JavaScript: the form comes back as typed, with what was found.
  const librarySearch = await pickerSearchOf(ctx.runtime.db, form);
  if (librarySearch) return replyWith(200, { formError: "", values, librarySearch });

  const attached = await attachWithoutScript(ctx, actor, form, values);
  if (attached) return attached;

  // Enter keeps the state the post has now; a button says which one it asks for.
  const current = values.publication === "keep" && postId !== null ? await getPost(ctx.runtime.db, kind, postId, "workspace") : null;
  const state = publicationFromValues(values, current?.status ?? null, new Date());
  if ("errors" in state) return replyWith(400, { formError: INVALID_MESSAGE, values, fields: state.errors });
  const result = await savePost(ctx.runtime, actor, {
    kind,
    postId,
    title: values.title,
    content: values.content,
    english: { title: values.titleEn, content: values.contentEn },
    extras: pickPostChoices(values),
    expectedVersion: postId === null ? null : expectedVersionOf(form),
    publication: state.publication,
    unpublishAt: state.unpublishAt,
    pinned: values.pinned,
  });
  switch (result.status) {
    case "invalid":
      return replyWith(400, { formError: INVALID_MESSAGE, values, fields: result.errors });
    case "not-found":
      throw data(null, { status: 404 });
    case "conflict":
      return replyConflict(values, "글", result.version);
    case "saved": {
      // Always back to the post's editor, whatever its state (decision 044, instead of the original's /pr: requirements R8.5).
      const outcome = saveOutcome(result.previousStatus, result.postStatus);
      const at = state.publication.mode === "schedule" ? state.publication.at : undefined;
      return redirect(postEditorPath(kind, result.postId), { headers: { "Set-Cookie": await setFlash(`${kind}-${outcome}`, at) } });
    }
  }
}

/** A file sent with the form, or null when none was chosen. */
function sentFile(form: FormData, name: string): File | null {
  const file = form.get(name);
  return file instanceof File && file.size > 0 ? file : null;
}

/**
 * Without JavaScript: a featured image uploaded with the form takes its place, and an image uploaded or
 * picked for the content goes at its end as a figure with its alt text, caption and size (the editor's
 * dialog asks the same with JavaScript). Changes `values`; answers the form only when something is wrong.
 */
async function attachWithoutScript(ctx: RequestContext, actor: Actor, form: FormData, values: PostFormValues) {
  const refuse = (status: number, fields: Record<string, string>) => replyWith(status, { formError: INVALID_MESSAGE, values, fields });
  for (const name of POST_FILE_FIELDS) if (isOversizeUpload(form.get(name))) return refuse(413, { [name]: OVERSIZE_MESSAGE });
  const details = figureDetailsSchema.safeParse(values);
  const attachment = sentFile(form, ATTACHMENT_FIELD);
  const picked = values.attachLibraryImage;
  if ((attachment || picked) && !details.success) return refuse(400, fieldErrors(details.error));
  const upload = async (file: File, field: string) => {
    try {
      return { stored: await uploadImage(ctx.runtime, actor, new Uint8Array(await file.arrayBuffer()), file.name) };
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return { refused: refuse(400, { [field]: error.message }) };
    }
  };
  const featuredFile = sentFile(form, POST_FORM_FILES.featured);
  if (featuredFile) {
    const result = await upload(featuredFile, POST_FORM_FILES.featured);
    if ("refused" in result) return result.refused;
    values.featuredImage = result.stored.url;
  }
  if (!details.success) return null;
  let image: { url: string; width?: number; height?: number } | null = null;
  if (attachment) {
    const result = await upload(attachment, ATTACHMENT_FIELD);
    if ("refused" in result) return result.refused;
    image = result.stored;
  } else if (picked) {
    const found = (await getMediaByUrls(ctx.runtime.db, [picked])).get(picked);
    if (!found) return refuse(400, { attachLibraryImage: "선택한 이미지를 찾을 수 없습니다. 다시 선택해 주세요." });
    image = found;
  }
  if (image) {
    const { alt, caption, size } = details.data;
    values.content = `${values.content}${postFigureHtml({ src: image.url, alt, caption, size, width: image.width, height: image.height })}`;
    Object.assign(values, NO_ATTACHMENT);
  }
  return null;
}
