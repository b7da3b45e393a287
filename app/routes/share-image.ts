import type { Route } from "./+types/share-image";
import { getRequestContext } from "../server/route-kit/context.server";
import { serveShareImage } from "../server/media/share-image-store.server";

/** /share/{artist|news|notice}/{id}[-en].jpg?v=…: the Open Graph / KakaoTalk image. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return serveShareImage(getRequestContext(context).runtime, request, params);
}
