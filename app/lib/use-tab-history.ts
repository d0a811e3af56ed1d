import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import type { TabMove } from "./tab-history";

/**
 * Records each page of ours the tab shows (tab-history.ts); rendered once, by the root
 * layout. The trail's code is loaded when the first move is recorded, after the page is
 * up, so every page's first script carries only these lines; moves are recorded in
 * order, since each waits on the same module.
 */
export function useTabHistory() {
  const { key } = useLocation();
  const type = useNavigationType();
  const from = useRef<string | null>(null);
  useEffect(() => {
    const move: TabMove = { key, from: from.current, type };
    from.current = key;
    void import("./tab-history").then((trail) => trail.recordTabMove(move));
  }, [key, type]);
}
