import type { Route } from "./+types/casting-artist";
import { RecipientPage, recipientMeta, type RecipientPageData } from "../components/casting-package-view";
import { getRequestContext } from "../server/route-kit/context.server";
import { answerRecipient, loadRecipientPage } from "./casting-package.server";

/** /casting/{token}/{artistId}: one artist's profile inside the package, and the recipient's answer (decision 047). */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadRecipientPage(getRequestContext(context), request, params.token, params.artistId);
}

/**
 * 관심 있음 / 보류 and a message: a plain form post, answered with a redirect (works without JavaScript);
 * a message too long is answered 400 with the page again, the text kept in the form.
 */
export function action({ context, request, params }: Route.ActionArgs) {
  return answerRecipient(getRequestContext(context), request, params.token, params.artistId);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return recipientMeta(loaderData as RecipientPageData | undefined);
}

export default function CastingArtist({ loaderData, actionData }: Route.ComponentProps) {
  return <RecipientPage page={loaderData as RecipientPageData} refused={actionData?.kind === "refused" ? actionData : undefined} />;
}
