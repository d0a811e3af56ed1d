import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { replaceResponse } from "./replace-response";
import { hasSessionCookie } from "./session-cookie";
import { cspNonce } from "./security-headers";

/** Larger answers stream on without a validator rather than wait to be read whole. */
const MAX_ETAG_BODY_BYTES = 2 * 1024 * 1024;

/** Pages, React Router's page data and JSON reads get a validator; files have their own. */
const VALIDATED_TYPE = /^(text\/html|application\/json|text\/x-script)\s*(;|$)/i;

/**
 * The validator of a body: a hash of its text with this request's CSP nonce taken out, so
 * that the same page gets the same tag on every visit although each visit has its own
 * nonce. Weak, because the bytes differ by the nonce and by the content coding.
 */
export function etagOf(text: string, nonce: string | undefined): string {
  const hash = createHash("sha256");
  if (nonce) {
    const parts = text.split(nonce);
    for (const [i, part] of parts.entries()) {
      if (i > 0) hash.update("\u0000nonce\u0000");
      hash.update(part);
    }
  } else {
    hash.update(text);
  }
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: weak comparison, `*` matches any current representation. */
function noneMatch(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch
    .slice(0, 8192)
    .split(",")
    .some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/** The headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5). */
const NOT_MODIFIED_HEADERS = [
  "Cache-Control",
  "Content-Location",
  "Date",
  "ETag",
  "Expires",
  "Vary",
  "X-Cache",
];

/**
 * A page that is still streaming after this long (a slow part behind a Suspense boundary)
 * goes on streaming without a validator rather than keep its first part back.
 */
const MAX_ETAG_WAIT_MS = 50;

type Read = ReadableStreamReadResult<Uint8Array>;

/**
 * Reads a body whole if it ends within `limit` bytes and `waitMs`; otherwise it comes back
 * as a stream that still has every byte (what was read, then the rest, a pending read too).
 */
async function readWhole(
  body: ReadableStream<Uint8Array>,
  limit: number,
  waitMs: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">(
    (resolve) => (timer = setTimeout(() => resolve("late"), waitMs)),
  );
  try {
    for (;;) {
      const pending = reader.read();
      const result = await Promise.race([pending, late]);
      if (result === "late") return { stream: restOf(chunks, reader, pending) };
      if (result.done) return { bytes: Buffer.concat(chunks, size) };
      chunks.push(result.value);
      size += result.value.length;
      if (size > limit) return { stream: restOf(chunks, reader, undefined) };
    }
  } finally {
    clearTimeout(timer);
  }
}

function restOf(
  chunks: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<Read> | undefined,
): ReadableStream<Uint8Array> {
  let next = pending;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const result = await (next ?? reader.read());
      next = undefined;
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * ETag and 304 for pages and JSON reads. The tag is computed over the answer
 * this request would get, so a 304 only confirms what the client already holds: another
 * person's tag matches only when the two would see the very same body. A 304 carries no
 * Content-Security-Policy, so the stored page keeps the policy whose nonce it was sent
 * with. Pages with no Cache-Control of their own get `no-cache` (revalidate each time), and
 * `private` when the request carried a session cookie; answers that may not be stored
 * (`no-store`) get no tag, nor do bodies over 2 MB or still streaming after 50 ms.
 */
export function conditionalGet(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    const response = c.res;
    if (response.status !== 200) return;
    if (!VALIDATED_TYPE.test(response.headers.get("Content-Type") ?? "")) return;
    if (response.headers.has("Content-Encoding")) return;
    const cacheControl = response.headers.get("Cache-Control");
    if (cacheControl && /no-store/i.test(cacheControl)) return;

    // An answer that has its tag (a kept page) is not read: asking for `body` would turn
    // the server adapter's light answer into a stream it must then read back.
    let etag = response.headers.get("ETag");
    if (!etag) {
      if (!response.body) return;
      const read = await readWhole(response.body, MAX_ETAG_BODY_BYTES, MAX_ETAG_WAIT_MS);
      const headers = new Headers(response.headers);
      const init = { status: response.status, statusText: response.statusText, headers };
      if ("stream" in read) {
        replaceResponse(c, new Response(read.stream, init));
        return;
      }
      etag = etagOf(new TextDecoder().decode(read.bytes), cspNonce(c));
      headers.set("ETag", etag);
      headers.set("Content-Length", String(read.bytes.length));
      if (!cacheControl) {
        headers.set(
          "Cache-Control",
          hasSessionCookie(c.req.header("Cookie")) ? "private, no-cache" : "no-cache",
        );
      }
      replaceResponse(c, new Response(read.bytes, init));
    }

    const ifNoneMatch = c.req.header("If-None-Match");
    if (!ifNoneMatch || !noneMatch(ifNoneMatch, etag)) return;
    const headers = new Headers();
    for (const name of NOT_MODIFIED_HEADERS) {
      const value = c.res.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    await c.res.body?.cancel();
    replaceResponse(c, new Response(null, { status: 304, headers }));
  };
}
