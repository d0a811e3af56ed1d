/**
 * Limits every text a person or a script can send us, shared by the API and the
 * page forms. PostgreSQL cannot store U+0000 in text, so a NUL character would
 * otherwise fail deep inside a query; we refuse it where input arrives instead.
 *
 * The same holds for ill-formed Unicode: a lone UTF-16 surrogate (`"\ud800"` in JSON)
 * fails in a jsonb column and is silently turned into U+FFFD in a text column, and a
 * percent-encoded byte sequence that is not UTF-8 reads as U+FFFD in a form or stays
 * undecoded in an address. Each is refused where it arrives, so no text is ever changed
 * on its way in (decision 0048).
 */
export const inputMessages = {
  nulCharacter: "Text may not contain the NUL character (U+0000).",
  illFormedText: "Text must be well-formed Unicode (valid UTF-8, no lone UTF-16 surrogate).",
  bodyTooLarge: "The request is too large.",
  notJson: "This address accepts only JSON (Content-Type: application/json).",
  notAnObject: "The request body must be a JSON object.",
  notAForm:
    "This form accepts only form data (application/x-www-form-urlencoded or multipart/form-data).",
  brokenForm: "The form data could not be read.",
} as const;

/** The longest e-mail address there can be (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Longer passwords only cost hashing time; 128 is what Better Auth allows too. */
export const MAX_PASSWORD_LENGTH = 128;
/** Reset tokens are 24 characters; anything much longer is not one of ours. */
export const MAX_TOKEN_LENGTH = 256;

/** True when any string in the value (keys included, at any depth) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  return someString(value, (text) => text.includes("\u0000"));
}

/**
 * The message for the first text rule any string in the value breaks (keys included, at
 * any depth): a NUL character, or ill-formed Unicode. Null when every string is fine.
 */
export function textFault(value: unknown): string | null {
  if (containsNul(value)) return inputMessages.nulCharacter;
  if (someString(value, (text) => LONE_SURROGATE.test(text))) return inputMessages.illFormedText;
  return null;
}

/**
 * True when a percent-encoded text (a URL, or a url-encoded form body) has a `%XX`
 * sequence that does not decode as UTF-8: an encoded surrogate (`%ED%A0%80`), a stray
 * continuation byte, an overlong form. A `%` not followed by two hex digits is left as it is.
 */
export function hasIllFormedPercentEncoding(text: string): boolean {
  for (const [run] of text.matchAll(/(?:%[0-9a-f]{2})+/gi)) {
    const bytes = Uint8Array.from(run.split("%").slice(1), (hex) => Number.parseInt(hex, 16));
    if (!isUtf8(bytes)) return true;
  }
  return false;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * True when the bytes are UTF-8. (A TextDecoder rather than a caught decodeURIComponent:
 * minifiers take that call for side-effect free and drop it, and the check with it.)
 */
export function isUtf8(bytes: ArrayBuffer | Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A high surrogate without a low one after it, or a low one without a high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function someString(value: unknown, test: (text: string) => boolean, depth = 0): boolean {
  if (typeof value === "string") return test(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => someString(item, test, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => test(key) || someString(item, test, depth + 1),
  );
}
