import type { MiddlewareHandler } from "hono";
import zlib from "node:zlib";
import { type Coding, appendVary, isCompressible, negotiateCoding } from "./content-coding";
import { replaceResponse } from "./replace-response";

/** Bodies smaller than this go out as they are: the coding's own overhead eats the gain. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Settings for bodies made per request: brotli 6 and gzip 6 keep most of the gain of the
 * slowest settings (which the build uses for its own files, scripts/precompress.mjs) at a
 * millisecond or two per page. Brotli 6 is the lowest quality that keeps the home page's
 * document inside a phone connection's first round trip (decision 0039); 7 and above cost
 * several times the CPU per page for a few bytes.
 */
const BROTLI_DYNAMIC = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
};
const GZIP_DYNAMIC_LEVEL = 6;

function createCompressor(coding: Exclude<Coding, "identity">) {
  if (coding === "br") return zlib.createBrotliCompress({ params: BROTLI_DYNAMIC });
  return zlib.createGzip({ level: GZIP_DYNAMIC_LEVEL });
}

/**
 * The body, compressed as it arrives. A streamed page (the shell first, then the rest) is
 * flushed after every chunk so that compression never holds back what the renderer has
 * already sent; a body of known length is compressed in one run. A client that goes away
 * cancels the source and frees the compressor.
 */
function compressBody(
  body: ReadableStream<Uint8Array>,
  coding: Exclude<Coding, "identity">,
  { flushEachChunk }: { flushEachChunk: boolean },
): ReadableStream<Uint8Array> {
  const compressor = createCompressor(coding);
  const reader = body.getReader();
  let finished = false;
  const flushKind =
    coding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      compressor.on("data", (chunk: Buffer) => {
        if (!finished)
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
      });
      compressor.on("end", () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      compressor.on("error", (error) => {
        if (finished) return;
        finished = true;
        controller.error(error);
      });
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (finished) return;
            compressor.write(value);
            if (flushEachChunk) {
              await new Promise<void>((resolve) => compressor.flush(flushKind, () => resolve()));
            }
          }
          compressor.end();
        } catch (error) {
          compressor.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    async cancel(reason) {
      finished = true;
      compressor.destroy();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}

/**
 * Compresses every text answer (pages, streamed or not, JSON, CSS, JavaScript, SVG, XML,
 * text) with brotli or gzip as the client's Accept-Encoding asks (decision 0033). Left as
 * they are: HEAD, 204, 206 and 304 answers, bodies that already have a coding (the build's
 * precompressed files), images and other binary types, small bodies, and answers that
 * ask for no transformation. Every compressible answer says `Vary: Accept-Encoding`, the
 * plain one too, so a shared cache keeps the two apart.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!isCompressible(response.headers.get("Content-Type"))) return;
    appendVary(response.headers, "Accept-Encoding");
    if (c.req.method === "HEAD") return;
    if (response.status === 204 || response.status === 206 || response.status === 304) return;
    if (response.headers.has("Content-Encoding")) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(response.headers.get("Cache-Control") ?? "")) return;
    // Decided before the body is looked at: asking for `body` turns the server adapter's
    // light answer (a kept page's bytes) into a stream it must then read back.
    const coding = negotiateCoding(c.req.header("Accept-Encoding"));
    if (coding === "identity" || !response.body) return;
    const length = response.headers.get("Content-Length");
    if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return;

    const headers = new Headers(response.headers);
    const init = { status: response.status, statusText: response.statusText, headers };
    // A streamed page goes out as it comes (flushed chunk by chunk); any other body of
    // unknown length (a JSON answer, a short text) is read first, to skip the small ones.
    const streamedPage = length === null && /^text\/html/i.test(headers.get("Content-Type") ?? "");
    if (length === null && !streamedPage) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length < MIN_COMPRESS_BYTES) {
        replaceResponse(c, new Response(bytes, init));
        return;
      }
      const compressed = await compressBytes(bytes, coding);
      markCompressed(headers, coding);
      headers.set("Content-Length", String(compressed.length));
      replaceResponse(c, new Response(compressed, init));
      return;
    }
    markCompressed(headers, coding);
    headers.delete("Content-Length");
    const body = compressBody(response.body, coding, { flushEachChunk: streamedPage });
    replaceResponse(c, new Response(body, init));
  };
}

function markCompressed(headers: Headers, coding: Exclude<Coding, "identity">) {
  headers.set("Content-Encoding", coding);
  // A strong validator names the plain bytes; the compressed ones are another representation.
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
}

/** A whole body in one run, off the main thread (zlib's thread pool). */
function compressBytes(
  bytes: Uint8Array,
  coding: Exclude<Coding, "identity">,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    // zlib's results are Buffers over an ArrayBuffer of their own.
    const done = (error: Error | null, result: Buffer) =>
      error ? reject(error) : resolve(result as Uint8Array<ArrayBuffer>);
    if (coding === "br") zlib.brotliCompress(bytes, { params: BROTLI_DYNAMIC }, done);
    else zlib.gzip(bytes, { level: GZIP_DYNAMIC_LEVEL }, done);
  });
}
