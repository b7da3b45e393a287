import type { Route } from "./+types/artist-editor";
import { artistTrashQuestion, EditorTools } from "../../components/admin/delete-control";
import { DeleteConfirm } from "../../components/admin/admin-form-shell";
import { ArtistForm } from "../../components/admin/artist-form";
import { artistEditorPath, artistPath, WORKSPACE_PATHS } from "../../domain/paths";
import { handleArtistEditorAction, loadArtistEditor } from "./artist-editor.server";
import { getRequestContext } from "../../server/route-kit/context.server";
import { submitKeepingTypedText } from "../../lib/signed-out-submit";
import { workspaceMeta } from "../../lib/workspace-meta";

/** /adminActor/{name?}: add, edit or delete an artist (requirements R8.4). */
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
  return workspaceMeta(`${loaderData?.mode === "edit" ? "배우 정보 수정" : "배우 등록"}`);
}

export default function AdminArtistEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { originalName, deleteFrom, viewHref } = loaderData;
  if (loaderData.confirmDelete && originalName && deleteFrom) {
    const cancelTo = { public: artistPath(originalName), list: WORKSPACE_PATHS.artists, editor: artistEditorPath(originalName) }[deleteFrom];
    return <DeleteConfirm title="배우 삭제" question={artistTrashQuestion(originalName)} cancelTo={cancelTo} from={deleteFrom} />;
  }
  const tools =
    originalName && viewHref ? <EditorTools viewHref={viewHref} editorPath={artistEditorPath(originalName)} subject={`배우 ‘${originalName}’`} question={artistTrashQuestion(originalName)} /> : null;
  return (
    <ArtistForm
      key={originalName ?? "new"}
      mode={loaderData.mode}
      originalName={originalName}
      saved={loaderData.values}
      version={loaderData.version}
      reply={actionData}
      library={loaderData.library}
      tools={tools}
    />
  );
}
