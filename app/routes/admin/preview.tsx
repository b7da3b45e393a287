import type { Route } from "./+types/preview";
import { ArtistProfile } from "../../components/artist-profile";
import { PostDetail } from "../../components/post-detail";
import { getRequestContext } from "../../server/route-kit/context.server";
import { loadPreview, parsePreviewSubject, previewFromForm } from "./preview.server";
import { workspaceMeta } from "../../lib/workspace-meta";

/**
 * /admin/preview/{news|notice|artist}/{id}: a saved draft as the public page will show it; POST to
 * /admin/preview/{news|notice|artist}: the editor's unsaved values the same way (a new tab).
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPreview(getRequestContext(context), request, params.subject, params.id);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return previewFromForm(getRequestContext(context), request, parsePreviewSubject(params.subject));
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta() {
  return workspaceMeta("미리보기");
}

export default function Preview({ loaderData, actionData }: Route.ComponentProps) {
  const preview = actionData ?? loaderData;
  if (!preview) return null;
  return (
    <>
      <p className="preview-banner" role="note">
        <strong>미리보기</strong> {preview.note} 방문자에게는 이렇게 보입니다.
      </p>
      {preview.subject === "artist" ? (
        <ArtistProfile artist={preview.artist} adminControls={false} />
      ) : (
        <PostDetail kind={preview.kind} post={preview.post} adminControls={false} />
      )}
    </>
  );
}
