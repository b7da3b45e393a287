import type { Route } from "./+types/casting-package";
import { RecipientPage, recipientMeta, type RecipientPageData } from "../components/casting-package-view";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadRecipientPage } from "./casting-package.server";

/** /casting/{token}: a casting package as its recipient sees it (decision 047); the token is the credential. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadRecipientPage(getRequestContext(context), request, params.token);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return recipientMeta(loaderData as RecipientPageData | undefined);
}

export default function CastingPackage({ loaderData }: Route.ComponentProps) {
  return <RecipientPage page={loaderData as RecipientPageData} />;
}
