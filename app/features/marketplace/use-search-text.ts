import { useEffect, useRef, useState } from "react";

/** SPEC §9: results follow the search box after this long without typing. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search box's text. Typing commits the trimmed text after 500 ms of quiet;
 * when the URL's text changes from elsewhere (back, forward, a link), the box
 * follows it. `flush` commits at once and returns the text (Enter, Apply).
 */
export function useSearchText(urlQ: string, commit: (q: string) => void) {
  const [text, setText] = useState(urlQ);
  const [seenQ, setSeenQ] = useState(urlQ);
  // What this box last sent to the URL: when the URL arrives at it, the box
  // keeps what the person typed since (trailing spaces, further letters).
  const [committedQ, setCommittedQ] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // Counts changes of the URL's text made elsewhere; each cancels pending typing.
  const [externalChanges, setExternalChanges] = useState(0);
  useEffect(() => {
    if (externalChanges > 0) clearTimeout(timer.current);
  }, [externalChanges]);

  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== committedQ) {
      setCommittedQ(null);
      setExternalChanges((n) => n + 1);
      if (urlQ !== text.trim()) setText(urlQ);
    }
  }

  function onChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const q = value.trim();
      setCommittedQ(q);
      commitRef.current(q);
    }, SEARCH_DEBOUNCE_MS);
  }

  function flush(): string {
    clearTimeout(timer.current);
    const q = text.trim();
    setCommittedQ(q);
    return q;
  }

  return { text, onChange, flush };
}
