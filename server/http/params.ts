import { isUuid } from "../../domain/ids";
import { AppError } from "../errors";

/** A path id that is not a UUID names nothing: 400 with the page's own text. */
export function requireUuid(value: string, message: string): string {
  if (!isUuid(value)) throw new AppError("BAD_REQUEST", 400, message);
  return value.toLowerCase();
}
