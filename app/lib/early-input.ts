import { type RefObject, useEffect, useEffectEvent, useRef } from "react";

/**
 * A file chosen before the page's scripts ran stays in the input (the browser keeps its
 * FileList), but no change handler saw it, so it would be dropped without a word. When
 * the component mounts (hydration), this hands whatever the input already holds to
 * `onFiles`, once, as its change handler would have been. (Fields typed into that early:
 * app/lib/fields-changed-early.ts.)
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
