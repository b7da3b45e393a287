/**
 * What the widgets use of React, on Preact's core and hooks (decision 038): the enhancement build gives
 * this module to the widgets as `react`, so a page without a carousel does not carry preact/compat
 * (~4 KB gzip). react-slick and the carousel island get the whole of preact/compat instead.
 */
import { useEffect, useState } from "preact/hooks";

export { createElement, Fragment } from "preact";
export { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";

/**
 * Enough of React's hook for `useHydrated` and stores like it. Every widget here is hydrated, so it
 * starts, like React's hydration, from the server's snapshot (the markup matches), then reads the browser's.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [value, setValue] = useState(getServerSnapshot ?? getSnapshot);
  useEffect(() => {
    setValue(getSnapshot());
    return subscribe(() => setValue(getSnapshot()));
  }, [subscribe, getSnapshot]);
  return value;
}
