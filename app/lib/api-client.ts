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
