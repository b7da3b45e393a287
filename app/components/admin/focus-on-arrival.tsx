import { useEffect } from "react";
import { useLocation } from "react-router";
import { useRootData } from "../../lib/root-data";

/**
 * Where focus goes when an admin page is reached after something happened (saved, deleted, signed in:
 * a flash notice came with it): the page's main heading, so the next Tab starts at the page and a
 * screen reader reads where it is, then the notice (a polite live region). Without a flash, focus is
 * left where the browser puts it.
 */
export function useFocusOnArrival(): void {
  const { flash } = useRootData();
  const { key } = useLocation();
  useEffect(() => {
    if (!flash) return;
    document.querySelector<HTMLElement>("#main h1[tabindex='-1']")?.focus();
  }, [flash, key]);
}
