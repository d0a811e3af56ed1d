import { data } from "react-router";
import {
  hasIllFormedPercentEncoding,
  inputMessages,
  isUtf8,
  textFault,
} from "../../domain/text-input";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The form data of a page's POST. Browsers send form encodings only; anything else
 * (JSON, a broken multipart body, a NUL character in a field) comes from a script,
 * and gets a clear 415 or 400 rather than a 500 from deep inside an action.
 *
 * Text that is not UTF-8 is refused too (decision 0048): reading the form would turn
 * it into U+FFFD without a word, so the bytes are checked before they are parsed. A
 * multipart body with a file in it is not text as a whole; its fields are checked once
 * read (no page form sends a file today).
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0]?.trim().toLowerCase();
  if (!type || !FORM_TYPES.includes(type)) refuse(415, inputMessages.notAForm);
  let bytes: ArrayBuffer;
  let form: FormData;
  try {
    bytes = await request.arrayBuffer();
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    refuse(400, inputMessages.brokenForm);
  }
  const hasFile = [...form.values()].some((value) => typeof value !== "string");
  if (!hasFile) {
    if (!isUtf8(bytes)) refuse(400, inputMessages.illFormedText);
    const text = new TextDecoder().decode(bytes);
    if (type === FORM_TYPES[0] && hasIllFormedPercentEncoding(text)) {
      refuse(400, inputMessages.illFormedText);
    }
  }
  for (const [name, value] of form) {
    const fault = textFault(name) ?? (typeof value === "string" ? textFault(value) : null);
    if (fault) refuse(400, fault);
  }
  return form;
}

function refuse(status: number, message: string): never {
  throw data(message, { status, statusText: message });
}
