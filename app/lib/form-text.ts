/** A text field of a form; a file (or nothing) under that name reads as "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
