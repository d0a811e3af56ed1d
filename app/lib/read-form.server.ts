import { data } from "react-router";
import { containsNul, inputMessages } from "../../domain/text-input";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The form data of a page's POST. Browsers send form encodings only; anything else
 * (JSON, a broken multipart body, a NUL character in a field) comes from a script,
 * and gets a clear 415 or 400 rather than a 500 from deep inside an action.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (!type || !FORM_TYPES.includes(type)) refuse(415, inputMessages.notAForm);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse(400, inputMessages.brokenForm);
  }
  for (const [name, value] of form) {
    if (containsNul(name) || (typeof value === "string" && containsNul(value))) {
      refuse(400, inputMessages.nulCharacter);
    }
  }
  return form;
}

function refuse(status: number, message: string): never {
  throw data(message, { status, statusText: message });
}
