/**
 * Which content coding a client gets (RFC 9110 §12.5.3): brotli or gzip by the client's
 * Accept-Encoding and its q-values, brotli when both are equally welcome, the plain body
 * when neither is. Shared by the dynamic compression and the precompressed build files.
 */

export type Coding = "br" | "gzip" | "identity";

/** A header longer than this is read only this far: a client gains nothing from more. */
const MAX_HEADER_CHARS = 1024;
/** At most this many entries are weighed; the rest of a list is ignored. */
const MAX_ENTRIES = 32;

function qualityOf(params: string[]): number {
  for (const param of params) {
    const [name = "", value = ""] = param.split("=", 2).map((s) => s.trim());
    if (name.toLowerCase() !== "q") continue;
    // RFC 9110 §12.4.2: 0 to 1 with at most three decimals; anything else is not a weight.
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return 0;
    return Number(value);
  }
  return 1;
}

/** The coding to use for a body the server may compress. */
export function negotiateCoding(acceptEncoding: string | null | undefined): Coding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  const entries = acceptEncoding.slice(0, MAX_HEADER_CHARS).split(",").slice(0, MAX_ENTRIES);
  for (const entry of entries) {
    const [rawName = "", ...params] = entry.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    // The first mention of a coding counts; a later repeat does not override it.
    if (!weights.has(name)) weights.set(name, qualityOf(params));
  }
  const star = weights.get("*");
  const weight = (coding: string) => weights.get(coding) ?? star ?? 0;
  // "x-gzip" is gzip's old name (RFC 9110 §8.4.1.3).
  const br = weight("br");
  const gzip = Math.max(weight("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}

/** Text types worth compressing: HTML, CSS, JavaScript, JSON, SVG, XML, plain text, maps. */
const COMPRESSIBLE =
  /^(text\/[\w.+-]+|application\/(javascript|ecmascript|json|xml|x-javascript|manifest\+json|ld\+json|problem\+json|rss\+xml|atom\+xml|x-ndjson|vnd\.api\+json|wasm)|image\/svg\+xml|[\w.-]+\/[\w.-]+\+(json|xml))\s*(;|$)/i;

/** A push stream goes out event by event: a compressor would hold events back. */
const STREAMED_EVENTS = /^text\/event-stream\s*(;|$)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return (
    !!contentType &&
    COMPRESSIBLE.test(contentType.trim()) &&
    !STREAMED_EVENTS.test(contentType.trim())
  );
}

/** Adds a value to Vary unless it is there already (or Vary is `*`). */
export function appendVary(headers: Headers, value: string) {
  const current = headers.get("Vary");
  if (!current) {
    headers.set("Vary", value);
    return;
  }
  const names = current.split(",").map((v) => v.trim().toLowerCase());
  if (names.includes("*") || names.includes(value.toLowerCase())) return;
  headers.set("Vary", `${current}, ${value}`);
}
