import type { Route } from "./+types/artist-editor";
import { TRASH_RETENTION_DAYS } from "../../domain/content-states";
import { DeleteConfirm } from "../../components/admin/admin-form-shell";
import { ArtistForm } from "../../components/admin/artist-form";
import { artistPath } from "../../domain/site-routes";
import { handleArtistEditorAction, loadArtistEditor } from "../../server/artists/artist-editor.server";
import { getRequestContext } from "../../server/http/context.server";
import { submitKeepingTypedText } from "../../lib/signed-out-submit";
import { adminMeta } from "../../lib/admin-meta";

/** /adminActor/{name?}: add, edit or delete an artist (spec §2). */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadArtistEditor(getRequestContext(context), request, params.name);
}

export function action({ context, request, params }: Route.ActionArgs) {
  return handleArtistEditorAction(getRequestContext(context), request, params.name);
}

/** With JavaScript: an ended session leaves the form as it is, with the "login expired" banner (decision 031). */
export function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingTypedText(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`${loaderData?.mode === "edit" ? "배우 정보 수정" : "배우 등록"}`);
}

export default function AdminArtistEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { originalName } = loaderData;
  if (loaderData.confirmDelete && originalName) {
    return (
      <DeleteConfirm
        title="배우 삭제"
        question={`‘${originalName}’ 배우의 프로필을 휴지통으로 옮길까요? 휴지통에서 ${TRASH_RETENTION_DAYS}일 안에 복원할 수 있습니다.`}
        cancelTo={artistPath(originalName)}
      />
    );
  }
  return <ArtistForm key={originalName ?? "new"} mode={loaderData.mode} originalName={originalName} saved={loaderData.values} version={loaderData.version} reply={actionData} library={loaderData.library} />;
}
