import type { ApiErrorBody, ErrorCode } from "../../domain/errors";

/** An error answer of our JSON API, typed. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
  ) {
    super(message);
  }
}

/** The one way the browser fetches JSON from /api: error bodies become ApiError. */
export async function apiGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: "application/json" }, signal: init.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "The server could not be reached.");
  }
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  throw new ApiError(
    response.status,
    body?.error.code ?? "INTERNAL",
    body?.error.message ?? response.statusText,
  );
}

/** The message of an error body: ours (`{ error: { message } }`) or a bare `{ message }`. */
function errorBodyMessage(body: unknown): { code: ErrorCode | null; message: string | null } {
  if (typeof body !== "object" || body === null) return { code: null, message: null };
  const { error, message } = body as {
    error?: { code?: unknown; message?: unknown };
    message?: unknown;
  };
  if (typeof error?.message === "string")
    return {
      code: typeof error.code === "string" ? (error.code as ErrorCode) : null,
      message: error.message,
    };
  return { code: null, message: typeof message === "string" ? message : null };
}

/**
 * POSTs JSON to /api and returns the answer's JSON unchecked (`unknown`: the caller
 * validates it). Error bodies become ApiError; a network failure is status 0.
 */
export async function apiPost(
  path: string,
  body: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "The server could not be reached.");
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return json;
  const { code, message } = errorBodyMessage(json);
  throw new ApiError(response.status, code ?? "INTERNAL", message ?? response.statusText);
}

/** An error answer's status and parsed body (or null) as ApiError. */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const { code, message } = errorBodyMessage(body);
  return new ApiError(status, code ?? "INTERNAL", message ?? fallback);
}

/**
 * Sends JSON (or nothing) to /api with PATCH, DELETE or POST and returns the answer's
 * JSON unchecked, like apiPost. Error bodies become ApiError; a network failure is status
 * 0. `keepalive` lets a small change outlive the page (the browser sends it on unload).
 */
export async function apiSend(
  method: "PATCH" | "DELETE" | "POST",
  path: string,
  body?: unknown,
  init: { keepalive?: boolean } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      keepalive: init.keepalive,
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "The server could not be reached.");
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return json;
  throw apiErrorOf(response.status, json, response.statusText || "The request failed.");
}
