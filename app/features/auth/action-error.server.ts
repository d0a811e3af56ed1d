import { data } from "react-router";
import { isAppError } from "../../../server/errors";

/** Turns a service's AppError into `{ error }` for the form; anything else is rethrown. */
export function actionError(error: unknown, fallback: string) {
  if (isAppError(error))
    return data({ error: error.message, code: error.code }, { status: error.status });
  console.error(error);
  return data({ error: fallback, code: "INTERNAL" as const }, { status: 500 });
}
