import { type RefObject, useEffect, useEffectEvent, useLayoutEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";

/**
 * What a person does on a page before its scripts have run takes effect once they have,
 * by the browser's and React's public means (decision 0051): links are links, forms
 * submit, and React replays a click that comes while it hydrates. What is left are the
 * fields a person filled before React was there, and the buttons that only open a
 * panel; these hooks hand those to the components once they have hydrated.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a field shows something other than what the server wrote into it. */
function changedByPerson(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement) {
    if (field.type === "file" || field.type === "hidden") return false;
    if (field.type === "checkbox" || field.type === "radio")
      return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

/**
 * The fields inside `ref` that a person typed into or changed before the page hydrated:
 * React keeps what the field shows, but its state still holds the server's value, so the
 * next render would put that back. When the component mounts (hydration), each such
 * field is handed to `onField`, once, as its change handler would have been.
 */
export function useFieldsChangedEarly(
  ref: RefObject<HTMLElement | null>,
  onField: (field: Field) => void,
) {
  const handled = useRef(false);
  const take = useEffectEvent(onField);
  // Before any later render can write the state's value back into the field.
  useLayoutEffect(() => {
    if (handled.current || !ref.current) return;
    handled.current = true;
    for (const field of ref.current.querySelectorAll<Field>("input, textarea, select"))
      if (changedByPerson(field)) take(field);
  }, [ref]);
}

/**
 * A file chosen before the page's scripts ran stays in the input (the browser keeps its
 * FileList), but no change handler saw it, so it would be dropped without a word. When
 * the component mounts (hydration), this hands whatever the input already holds to
 * `onFiles`, once, as its change handler would have been.
 */
export function useFilesChosenEarly(
  inputRef: RefObject<HTMLInputElement | null>,
  onFiles: (files: File[], input: HTMLInputElement) => void,
) {
  const handled = useRef(false);
  const take = useEffectEvent(onFiles);
  useEffect(() => {
    const input = inputRef.current;
    if (handled.current || !input?.files?.length) return;
    handled.current = true;
    take(Array.from(input.files), input);
  }, [inputRef]);
}

/**
 * The query parameter a button that opens a panel sends when it is pressed before the
 * page's scripts have run: such a button is a submit button of a GET form
 * (`name={OPEN_PARAM} value="…"`), so the press loads the same page asking for the
 * panel, and `usePanelAskedForEarly` opens it once the page has hydrated.
 */
export const OPEN_PARAM = "open";

/**
 * The panel the address asks for (`?open=…`), handed to `onOpen` once the page has
 * hydrated; the parameter then leaves the address, so a reload does not open it again.
 * (The server renders the page without the panel: its code loads in the browser.)
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
      { replace: true, preventScrollReset: true },
    );
  }, [asked, setParams]);
}

/**
 * A route's `shouldRevalidate` for pages with such panels: taking `?open=…` out of the
 * address is not a new page, so its data is not read again.
 */
export function unlessOnlyOpenChanged({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const before = new URLSearchParams(currentUrl.search);
  if (!before.has(OPEN_PARAM) || nextUrl.searchParams.has(OPEN_PARAM))
    return defaultShouldRevalidate;
  before.delete(OPEN_PARAM);
  return before.toString() === nextUrl.searchParams.toString() ? false : defaultShouldRevalidate;
}
