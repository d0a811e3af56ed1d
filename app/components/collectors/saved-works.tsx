import {
  type ReactNode,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { loadCollectorRequests } from "./collectors-api";

/**
 * Which of a page's works the viewer saved. The loader checks the works it
 * shows (`checked`) and names the saved ones; cards added later (Load More, pages kept
 * from before) are asked for with `GET /api/me/saved/ids`. Every heart on the page reads
 * and changes this one store, so two hearts of one work always agree.
 */
export type SavedState = { saved: string[]; checked: string[] };

type Store = {
  known: ReadonlyMap<string, boolean>;
  setSaved: (artworkId: string, saved: boolean) => void;
  check: (artworkIds: readonly string[]) => void;
};

const SavedWorksContext = createContext<Store | null>(null);

function merged(previous: ReadonlyMap<string, boolean>, state: SavedState | null) {
  const next = new Map(previous);
  if (!state) return next;
  const saved = new Set(state.saved);
  for (const id of state.checked) next.set(id, saved.has(id));
  return next;
}

/** Hearts show on cards inside this provider; `state` null (a visitor) shows them unsaved. */
export function SavedWorksProvider({
  state,
  children,
}: {
  state: SavedState | null;
  children: ReactNode;
}) {
  const [known, setKnown] = useState(() => merged(new Map(), state));
  // New loader data (a navigation, a revalidation after a form) is the server's word.
  const [source, setSource] = useState(state);
  if (source !== state) {
    setSource(state);
    setKnown((previous) => merged(previous, state));
  }
  const asking = useRef(new Set<string>());
  const signedIn = state !== null;

  const store = useMemo<Store>(
    () => ({
      known,
      setSaved: (artworkId, saved) =>
        setKnown((previous) => new Map(previous).set(artworkId, saved)),
      check: (artworkIds) => {
        if (!signedIn) return;
        const unknown = artworkIds.filter((id) => !known.has(id) && !asking.current.has(id));
        if (unknown.length === 0) return;
        for (const id of unknown) asking.current.add(id);
        const answered = (ids: string[], saved: Set<string>) =>
          setKnown((previous) => {
            const next = new Map(previous);
            for (const id of ids) if (!next.has(id)) next.set(id, saved.has(id));
            return next;
          });
        const failed = (error: unknown) =>
          console.warn("Could not read which works are saved", error);
        void loadCollectorRequests().then(({ askSaved }) => {
          for (const ask of askSaved(unknown)) {
            void ask.saved.then((saved) => answered(ask.ids, saved), failed);
          }
        }, failed);
      },
    }),
    [known, signedIn],
  );
  return <SavedWorksContext.Provider value={store}>{children}</SavedWorksContext.Provider>;
}

/** The saved state of one work and its setter; null outside a provider (no heart there). */
export function useSavedWork(artworkId: string) {
  const store = useContext(SavedWorksContext);
  if (!store) return null;
  return {
    saved: store.known.get(artworkId) ?? false,
    setSaved: (saved: boolean) => store.setSaved(artworkId, saved),
  };
}

/** Asks the server about the cards whose saved state the page does not know yet. */
export function useCheckSaved(artworkIds: readonly string[]) {
  const store = useContext(SavedWorksContext);
  const key = artworkIds.join(",");
  const check = store?.check;
  useEffect(() => {
    check?.(key ? key.split(",") : []);
  }, [check, key]);
}
