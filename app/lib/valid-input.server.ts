import type { ZodType, z } from "zod";
import { AppError } from "../../server/errors";

/**
 * A form's input through the same contract schema the API's route validates with, so the
 * page's action answers a bad field exactly as the endpoint does (400, the rule's message).
 */
export function validInput<T extends ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The request is not valid.";
    throw new AppError("VALIDATION_FAILED", 400, message);
  }
  return parsed.data;
}
