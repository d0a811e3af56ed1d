import { AppError } from "../errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A path id that is not a UUID names nothing: 400 with the page's own text. */
export function requireUuid(value: string, message: string): string {
  if (!isUuid(value)) throw new AppError("BAD_REQUEST", 400, message);
  return value.toLowerCase();
}
