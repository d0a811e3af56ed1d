import { createReadStream, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { appendVary, isCompressible, negotiateCoding } from "./content-coding";

type FileInfo = { file: string; size: number; mtime: Date; br?: number; gzip?: number };

function statFile(file: string) {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The built client files (build/client), with the `.br` and `.gz` copies the build made
 * beside every text file (scripts/precompress.mjs) sent to clients that accept them, so
 * nothing is compressed per request. The folder does not change while the server runs, so
 * what is in it is looked up once per file.
 */
export function clientFiles(
  root: string,
  cacheControl: (pathname: string) => string,
): MiddlewareHandler {
  const base = path.resolve(root);
  const known = new Map<string, FileInfo | null>();

  function lookUp(pathname: string): FileInfo | undefined {
    const cached = known.get(pathname);
    if (cached !== undefined) return cached ?? undefined;
    let info: FileInfo | undefined;
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = undefined;
    }
    const file = decoded === undefined ? undefined : path.join(base, decoded);
    const safe =
      decoded !== undefined &&
      !decoded.includes("\0") &&
      !decoded.includes("\\") &&
      !/(^|\/)\.\.?(\/|$)/.test(decoded) &&
      file !== undefined &&
      file.startsWith(base + path.sep);
    const stats = safe ? statFile(file) : undefined;
    if (stats && file) {
      info = { file, size: stats.size, mtime: stats.mtime };
      info.br = statFile(`${file}.br`)?.size;
      info.gzip = statFile(`${file}.gz`)?.size;
    }
    // Only found files are remembered: a miss costs a stat, and unknown paths do not pile up.
    if (info) known.set(pathname, info);
    return info;
  }

  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const info = lookUp(c.req.path);
    if (!info) return next();
    const type = getMimeType(info.file) ?? "application/octet-stream";
    const headers = new Headers({
      "Content-Type": type,
      "Cache-Control": cacheControl(c.req.path),
      "Last-Modified": info.mtime.toUTCString(),
    });
    let file = info.file;
    let size = info.size;
    if (isCompressible(type)) {
      appendVary(headers, "Accept-Encoding");
      const coding = negotiateCoding(c.req.header("Accept-Encoding"));
      if (coding === "br" && info.br !== undefined) {
        file = `${info.file}.br`;
        size = info.br;
        headers.set("Content-Encoding", "br");
      } else if (coding !== "identity" && info.gzip !== undefined) {
        // gzip also when brotli was preferred but the build made no .br of this file.
        const gzipOk =
          coding === "gzip" ||
          negotiateCoding(withoutBrotli(c.req.header("Accept-Encoding"))) === "gzip";
        if (gzipOk) {
          file = `${info.file}.gz`;
          size = info.gzip;
          headers.set("Content-Encoding", "gzip");
        }
      }
    }
    headers.set("Content-Length", String(size));
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };
}

function withoutBrotli(acceptEncoding: string | undefined) {
  return (acceptEncoding ?? "")
    .slice(0, 1024)
    .split(",")
    .filter((entry) => entry.split(";")[0]?.trim().toLowerCase() !== "br")
    .join(",");
}
