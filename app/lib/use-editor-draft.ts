import { useEffect, useState } from "react";
import { useBeforeUnload, useBlocker, useNavigation } from "react-router";

const PREFIX = "we-draft:";

/**
 * Keeps what the administrator types safe: a local draft (restored after a reload or a re-login),
 * a warning before leaving with unsaved changes, and clean-up once a save has gone through.
 */
export function useEditorDraft<T extends Record<string, unknown>>(key: string, saved: T, start: T = saved) {
  const [values, setValues] = useState<T>(start);
  const [restored, setRestored] = useState(false);
  /** Increases whenever `values` is replaced from outside the form (draft restored or discarded). */
  const [revision, setRevision] = useState(0);
  // Fixed for the editor's lifetime (the component is keyed by the record it edits).
  const [initialJson] = useState(() => JSON.stringify(saved));
  const [startedFromServer] = useState(start !== saved);
  const navigation = useNavigation();
  const storageKey = PREFIX + key;
  const dirty = JSON.stringify(values) !== initialJson;
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;

  // The draft lives in the browser only; it is read after hydration.
  useEffect(() => {
    // A failed submission already brought back what was typed.
    if (startedFromServer) return;
    try {
      const raw = window.localStorage.getItem(storageKey);
      if (!raw) return;
      const saved = JSON.parse(raw) as { values?: T };
      if (saved.values && JSON.stringify(saved.values) !== initialJson) {
        // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from localStorage, an external store
        setValues(saved.values);
        setRestored(true);
        setRevision((r) => r + 1);
      }
    } catch {
      window.localStorage.removeItem(storageKey);
    }
  }, [storageKey, initialJson, startedFromServer]);

  useEffect(() => {
    try {
      if (dirty) window.localStorage.setItem(storageKey, JSON.stringify({ values, savedAt: Date.now() }));
      else window.localStorage.removeItem(storageKey);
    } catch {
      // Storage full or disabled: the form itself still holds the text.
    }
  }, [dirty, storageKey, values]);

  // A submission that redirects elsewhere succeeded: the draft is no longer needed.
  const location = navigation.location;
  useEffect(() => {
    if (navigation.state === "loading" && navigation.formMethod && location && !location.pathname.startsWith("/admin")) {
      window.localStorage.removeItem(storageKey);
    }
  }, [navigation.state, navigation.formMethod, location, storageKey]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !submitting && currentLocation.pathname !== nextLocation.pathname,
  );
  useBeforeUnload((event) => {
    if (dirty && !submitting) event.preventDefault();
  });

  return {
    values,
    setValues,
    restored,
    discardDraft() {
      window.localStorage.removeItem(storageKey);
      setValues(JSON.parse(initialJson) as T);
      setRestored(false);
      setRevision((r) => r + 1);
    },
    blocker,
    dirty,
    revision,
  };
}
