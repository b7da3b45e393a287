import { MAX_REEL_TITLE_LENGTH, MAX_REELS, parseReelUrl } from "../../domain/reels";
import { data } from "react-router";
import type { ArtistProfileView } from "../../components/artist-profile";
import { pickArtistFields } from "../../domain/artist-fields";
import { ARTIST_STATUS_LABELS, POST_STATUS_LABELS } from "../../domain/content-states";
import { kstDate } from "../../domain/kst";
import { POST_KINDS, type PostKind } from "../../domain/post-kinds";
import type { PreviewSubject } from "../../domain/paths";
import { artistValuesFromForm, IMAGE_FILE_FIELDS } from "./artist-editor.server";
import { artistProfileView } from "../artist-detail.server";
import { getArtistById } from "../../server/artists/artist-queries.server";
import { readStaffForm } from "../../server/route-kit/workspace-forms.server";
import { staffSessionOf } from "../../server/route-kit/access-gate.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { getMediaByUrls } from "../../server/media/media.server";
import { derivePostContent } from "../../server/posts/post-content.server";
import { POST_FILE_FIELDS, postValuesFromForm } from "./post-editor.server";
import { getPostForPreview } from "../../server/posts/post-queries.server";
import { postHtmlShapeProblem, sanitizePostHtml } from "../../server/platform/sanitize-html.server";

/**
 * The administrator's preview: a draft (or a form's unsaved values) rendered by the public page's own
 * component, marked as a preview. Only the signed-in administrator opens it; it is never cached (admin
 * paths never are) and nothing is written.
 */

export type PreviewData =
  | { subject: "post"; kind: PostKind; note: string; post: { postId: number; title: string; writeDay: string; content: string } }
  | { subject: "artist"; note: string; artist: ArtistProfileView };

export function parsePreviewSubject(value: string | undefined): PreviewSubject {
  if (value === "artist" || (POST_KINDS as readonly string[]).includes(value ?? "")) return value as PreviewSubject;
  throw data(null, { status: 404 });
}

/** GET: the saved post or artist; null when rendering after the form's POST (the action made the preview). */
export async function loadPreview(ctx: RequestContext, request: Request, rawSubject: string | undefined, rawId: string | undefined): Promise<PreviewData | null> {
  const subject = parsePreviewSubject(rawSubject);
  if (ctx.method === "POST") return null;
  return loadSavedPreview(ctx, request, subject, rawId);
}

/** GET: a saved post or artist (a draft, a scheduled post, a hidden artist) as the public page would show it. */
export async function loadSavedPreview(ctx: RequestContext, request: Request, subject: PreviewSubject, rawId: string | undefined): Promise<PreviewData> {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
    const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1) throw data(null, { status: 404 });
  if (subject === "artist") {
    const artist = await getArtistById(ctx.runtime.db, id);
    if (!artist || artist.deletedAt) throw data(null, { status: 404 });
    return {
      subject,
      note: `${ARTIST_STATUS_LABELS[artist.status]} 상태의 배우입니다.${artist.status === "public" ? "" : " 사이트에는 아직 보이지 않습니다."}`,
      artist: { ...artistProfileView(artist), statusLabel: null },
    };
  }
  const post = await getPostForPreview(ctx.runtime.db, subject, id);
  if (!post) throw data(null, { status: 404 });
  return {
    subject: "post",
    kind: subject,
    note: `${POST_STATUS_LABELS[post.status]} 상태의 글입니다.${post.status === "published" ? "" : " 사이트에는 아직 보이지 않습니다."}`,
    post: { postId: post.postId, title: post.title, writeDay: post.writeDay, content: post.renderedContent },
  };
}

/**
 * POST: the editor's current values, unsaved, as the public page would show them. Content over the
 * HTML limits (sanitize.server.ts) is not sanitized: the preview says what is wrong instead (400).
 */
export async function previewFromForm(ctx: RequestContext, request: Request, subject: PreviewSubject): Promise<PreviewData | ReturnType<typeof data<PreviewData>>> {
  // The gate let only a signed-in member of staff this far (decision 031); fails loudly on a route outside it.
  staffSessionOf(ctx);
  // The editors' file fields are read (and ignored: a preview stores nothing).
  const read = await readStaffForm(request, subject === "artist" ? IMAGE_FILE_FIELDS : POST_FILE_FIELDS);
  if ("refused" in read) throw data("미리보기를 만들 수 없습니다. 입력한 내용이 너무 큽니다.", { status: 413 });
  const { form } = read;
  const note = "저장하지 않은 내용의 미리보기입니다.";
  if (subject === "artist") {
    const values = artistValuesFromForm(form);
    const media = await getMediaByUrls(ctx.runtime.db, values.images.filter(Boolean));
    const images = values.images.map((url) => media.get(url)).filter((m) => m !== undefined);
    // The reels whose addresses we take (the others the save would refuse), at most as many as it keeps.
    const reels = values.reels.flatMap((reel) => {
      const parsed = parseReelUrl(reel.url);
      return parsed ? [{ ...parsed, title: reel.title.slice(0, MAX_REEL_TITLE_LENGTH) }] : [];
    });
    return { subject, note, artist: { ...artistProfileView({ ...pickArtistFields(values), status: values.status, images, reels: reels.slice(0, MAX_REELS) }), statusLabel: null } };
  }
  const values = postValuesFromForm(form);
  const post = { postId: 0, title: values.title.trim() || "(제목 없음)", writeDay: kstDate(new Date()) };
  const problem = postHtmlShapeProblem(values.content);
  if (problem !== null) return data({ subject: "post", kind: subject, note: `미리보기를 만들 수 없습니다. ${problem}`, post: { ...post, content: "" } }, { status: 400 });
  const derived = await derivePostContent(ctx.runtime.db, sanitizePostHtml(values.content));
  return { subject: "post", kind: subject, note, post: { ...post, content: derived.columns.renderedContent } };
}
