import { useState } from "react";
import type { CheckoutFields } from "./checkout-form";
import { type FieldProblems, type FieldsSeen, shownProblems } from "./checkout-field-checks";

/**
 * Which fields say what is wrong with them: a field once it has been left, every field
 * once the form was submitted. Empty fields the buyer has not reached yet stay quiet.
 */
export function useFieldChecks(problems: FieldProblems) {
  const [seen, setSeen] = useState<FieldsSeen>(() => new Set());

  function leave(name: keyof CheckoutFields) {
    setSeen((s) => (s === "all" || s.has(name) ? s : new Set([...s, name])));
  }

  function submitted() {
    setSeen("all");
  }

  return { shown: shownProblems(problems, seen), leave, submitted };
}
