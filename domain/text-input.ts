/**
 * Limits every text a person or a script can send us, shared by the API and the
 * page forms. PostgreSQL cannot store U+0000 in text, so a NUL character would
 * otherwise fail deep inside a query; we refuse it where input arrives instead.
 */
export const inputMessages = {
  nulCharacter: "Text may not contain the NUL character (U+0000).",
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
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1),
  );
}
