import { type RefObject, useEffectEvent, useLayoutEffect, useRef } from "react";
import { useHydrated } from "./use-hydrated";

/*
 * What a person does on a page before its scripts have run takes effect once they have,
 * by the browser's and React's public means (decision 0051): links are links, forms
 * submit, and React replays a click that comes while it hydrates. What is left are the
 * fields a person filled before React was there (here), the files chosen then
 * (app/lib/early-input.ts), and the buttons that only open a panel
 * (app/lib/panel-asked-early.ts).
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
 * next render would put that back. When the component is hydrated, each such field is
 * handed to `onField`, once, as its change handler would have been. (A component
 * rendered in the browser, after a client-side navigation, has nothing to hand over.)
 */
export function useFieldsChangedEarly(
  ref: RefObject<HTMLElement | null>,
  onField: (field: Field) => void,
) {
  const hydrating = useRef(!useHydrated());
  const handled = useRef(false);
  const take = useEffectEvent(onField);
  // Before any later render can write the state's value back into the field.
  useLayoutEffect(() => {
    if (!hydrating.current || handled.current || !ref.current) return;
    handled.current = true;
    for (const field of ref.current.querySelectorAll<Field>("input, textarea, select"))
      if (changedByPerson(field)) take(field);
  }, [ref]);
}
