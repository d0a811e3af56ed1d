import { useEffect, useEffectEvent } from "react";
import { useSearchParams } from "react-router";

/**
 * The query parameter a button that opens a panel sends when it is pressed before the
 * page's scripts have run: such a button is a submit button of a GET form
 * (`name={OPEN_PARAM} value="…"`), so the press loads the same page asking for the
 * panel, and `usePanelAskedForEarly` opens it once the page has hydrated.
 */
export const OPEN_PARAM = "open";

/**
 * The panel the address asks for (`?open=…`), handed to `onOpen` once the page has
 * hydrated; the parameter then leaves the address, so a reload does not open it again,
 * without reading the page's data again. (The server renders the page without the
 * panel: its code loads in the browser.)
 */
export function usePanelAskedForEarly(onOpen: (panel: string) => void) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(OPEN_PARAM);
  const take = useEffectEvent(onOpen);
  useEffect(() => {
    if (!asked) return;
    take(asked);
    setParams(
      (current) => {
        current.delete(OPEN_PARAM);
        return current;
      },
      { replace: true, preventScrollReset: true, defaultShouldRevalidate: false },
    );
  }, [asked, setParams]);
}
