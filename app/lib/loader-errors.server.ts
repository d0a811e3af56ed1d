import { type AppLoadContext, data } from "react-router";
import { isAppError } from "../../server/errors";

type Logger = AppLoadContext["services"]["logger"];

/** What a page says when a read fails for a reason the person cannot act on, and what is logged. */
export type LoadFailure = {
  /** The SPEC's text for an unexpected failure; shown with a 500. */
  fallback: string;
  /** The log line of an unexpected failure. */
  log: string;
  /** Extra fields of the log line (the id asked for, the tab). */
  details?: Record<string, unknown>;
};

/** The one status and text a failed read or write shows the person. */
export type Failure = { status: number; message: string; code: string };

/**
 * The one mapping of a service's error to what the person sees: an AppError below 500
 * carries the SPEC's text and its status (400 'Invalid artist data', 404 'Artwork not
 * found'); anything else is logged through the server logger (never `console.error`,
 * so the production log keeps one JSON line per event) and shown as the fallback.
 */
export function failureOf(logger: Logger, error: unknown, failure: LoadFailure): Failure {
  if (isAppError(error) && error.status < 500) {
    return { status: error.status, message: error.message, code: error.code };
  }
  logger.error(failure.log, { error, ...failure.details });
  return { status: 500, message: failure.fallback, code: "INTERNAL" };
}

/**
 * The response a loader throws when its page cannot be shown: the text as the data, so
 * the route's ErrorBoundary (`RouteLoadError`) shows it with the right status, and
 * React Router does not log it a second time (it only logs errors, not responses).
 */
export function loadErrorResponse(logger: Logger, error: unknown, failure: LoadFailure) {
  const { status, message } = failureOf(logger, error, failure);
  return data(message, { status });
}

/** Runs a loader's read; if it fails, throws the page's error response (see above). */
export async function readForPage<T>(
  context: AppLoadContext,
  read: () => Promise<T>,
  failure: LoadFailure,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw loadErrorResponse(context.services.logger, error, failure);
  }
}

/** For a page that explains a missing record itself (the listing editor): a 404 reads as null. */
export function nullIfNotFound(error: unknown): null {
  if (isAppError(error) && error.status === 404) return null;
  throw error;
}

/**
 * An action's refusal, for its form to show next to the fields: `{ ok: false, error,
 * code }` with the status (the same mapping as a loader's, see `failureOf`).
 */
export function actionError(context: AppLoadContext, error: unknown, failure: LoadFailure) {
  const { status, message, code } = failureOf(context.services.logger, error, failure);
  return data({ ok: false as const, error: message, code }, { status });
}
