import { useRouteLoaderData } from "react-router";
import type { Route } from "../+types/root";
import type { loader } from "../root";

export type RootData = Route.ComponentProps["loaderData"];

/** The root loader's data (site settings, origin); throws outside the app shell. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("Root data is not available");
  return data;
}

/** Root data inside a `meta` function. */
export function rootDataFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData | null {
  const match = matches.find((m) => m?.id === "root");
  return (match?.loaderData as RootData | undefined) ?? null;
}
