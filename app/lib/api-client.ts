import type { ZodType } from "zod";
import { type ErrorCode, INVALID_RESPONSE_MESSAGE } from "../../domain/errors";

import { ApiError } from "./api-error";

export { ApiError };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The answer's schema, or a function that downloads it, so a page need not carry zod
 * before its first request (decision 0034). The request is sent at once either way; a downloaded
 * schema is awaited only to read the answer.
 */
type SchemaOption<T> = ZodType<T> | (() => Promise<ZodType<T>>);

export type RequestOptions = {
  method?: Method;
  /** Sent as JSON, or as multipart when it is FormData (a file); absent means no body. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets a small change outlive the page (the browser sends it on unload). */
  keepalive?: boolean;
};

/**
 * The one way the browser calls /api. A successful answer is parsed with the endpoint's
 * contract schema (contracts/<feature>.contract.ts) when one is given, so a body of the
 * wrong shape is an ApiError `INVALID_RESPONSE`, never a value of the wrong type. Error
 * bodies become ApiError with the server's code and message; a network failure is status
 * 0 `NETWORK`; an abort is rethrown as it is.
 */
export async function request<T>(
  path: string,
  options: RequestOptions & { schema: SchemaOption<T> },
): Promise<T>;
export async function request(path: string, options?: RequestOptions): Promise<unknown>;
export async function request(
  path: string,
  options: RequestOptions & { schema?: SchemaOption<unknown> } = {},
): Promise<unknown> {
  const { method = "GET", body, signal, keepalive } = options;
  // Started with the request, not after it: the answer waits for it, the request does not.
  const schema = typeof options.schema === "function" ? options.schema() : options.schema;
  // A download that fails before the answer is read must not count as unhandled.
  if (schema instanceof Promise) void schema.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      keepalive,
      // FormData sets its own multipart Content-Type, boundary included.
      headers:
        body === undefined || body instanceof FormData
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "The server could not be reached.");
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw apiErrorOf(response.status, json, response.statusText || "The request failed.");
  }
  if (!schema) return json;
  const parsed = (await schema).safeParse(json);
  if (!parsed.success)
    throw new ApiError(response.status, "INVALID_RESPONSE", INVALID_RESPONSE_MESSAGE);
  return parsed.data;
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

/** An error answer's status and parsed body (or null) as ApiError (also for XHR uploads). */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const { code, message } = errorBodyMessage(body);
  return new ApiError(status, code ?? "INTERNAL", message ?? fallback);
}
