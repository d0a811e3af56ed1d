/** The values, bodies and query strings the request fuzzer (bench/fuzz.ts) sends. */
import { type Rng, createRng } from "../server/demo/random";

/** The fuzzer's seeded generator: the demo data's (mulberry32), so a run can be repeated. */
export type Random = Rng;
export const random = createRng;

const NUL = "\u0000";

/** Strings that have broken servers before: control characters, sizes, encodings. */
function fuzzString(rand: Random): string {
  const choices: (() => string)[] = [
    () => "",
    () => " ",
    () => `ada${NUL}@example.com`,
    () => `${NUL}`,
    () => `title${NUL}end`,
    () => "a".repeat(4096) + "@example.com",
    () => "x".repeat(100_000),
    () => "é".repeat(3000),
    () => "\ud83d\ude00".repeat(500),
    () => "\ud800",
    () => "‮reversed",
    () => "<script>alert(1)</script>",
    () => "'; drop table users; --",
    () => "../../etc/passwd",
    () => "%00",
    () => "\\u0000",
    () => "NaN",
    () => "-1",
    () => "1.5",
    () => "1e309",
    () => "collector@demo.vernissage.test",
    () => "4000000000000002",
    () => "4242424242424242",
    () => "NY",
    () => "12345",
    () => "\r\nSet-Cookie: a=b",
  ];
  return rand.pick(choices)();
}

export function fuzzValue(rand: Random, ids: readonly string[], depth = 0): unknown {
  const choices: (() => unknown)[] = [
    () => fuzzString(rand),
    () => fuzzString(rand),
    () => fuzzString(rand),
    () => (ids.length ? rand.pick(ids) : "id"),
    () => rand.int(0, 999),
    () => -1,
    () => 1.5,
    () => 2 ** 53 + 1,
    () => 1e308,
    () => 0,
    () => true,
    () => false,
    () => null,
    () => [],
    () => (depth < 2 ? [fuzzValue(rand, ids, depth + 1)] : []),
    () => ({}),
    () =>
      depth < 2
        ? {
            line1: fuzzValue(rand, ids, depth + 1),
            city: fuzzValue(rand, ids, depth + 1),
            state: fuzzValue(rand, ids, depth + 1),
            postal_code: fuzzValue(rand, ids, depth + 1),
          }
        : {},
    () =>
      depth < 2
        ? {
            number: fuzzValue(rand, ids, depth + 1),
            expMonth: fuzzValue(rand, ids, depth + 1),
            expYear: fuzzValue(rand, ids, depth + 1),
            cvc: fuzzValue(rand, ids, depth + 1),
          }
        : {},
  ];
  return rand.pick(choices)();
}

function fuzzObject(rand: Random, fields: readonly string[], ids: readonly string[]) {
  const names = fields.length ? fields : ["email"];
  const object: Record<string, unknown> = {};
  for (const name of names) if (rand.chance(0.8)) object[name] = fuzzValue(rand, ids);
  if (rand.chance(0.1)) {
    Object.defineProperty(object, "__proto__", { value: { role: "admin" }, enumerable: true });
  }
  if (rand.chance(0.1)) object[fuzzString(rand).slice(0, 64) || "k"] = fuzzValue(rand, ids);
  return object;
}

export type FuzzBody = { kind: string; contentType?: string; payload: string | Blob };

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function multipart(parts: { name: string; value: string | Uint8Array; filename?: string }[]) {
  const boundary = "----vernissagefuzz";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: new Blob([Buffer.concat(chunks)]),
  };
}

/** A body for a route that takes one: mostly JSON objects, then everything else. */
export function fuzzBody(
  rand: Random,
  fields: readonly string[],
  ids: readonly string[],
): FuzzBody {
  const roll = rand.next();
  if (roll < 0.6) {
    return {
      kind: "json",
      contentType: "application/json",
      payload: JSON.stringify(fuzzObject(rand, fields, ids)),
    };
  }
  if (roll < 0.65)
    return { kind: "json-array", contentType: "application/json", payload: "[1,2,3]" };
  if (roll < 0.7)
    return { kind: "broken-json", contentType: "application/json", payload: '{"email": "a@b.c",' };
  if (roll < 0.73) return { kind: "empty", contentType: "application/json", payload: "" };
  if (roll < 0.76) {
    // 2 MB: over every JSON limit, under the image limit.
    return {
      kind: "large-json",
      contentType: "application/json",
      payload: JSON.stringify({ email: "a".repeat(2_000_000) }),
    };
  }
  if (roll < 0.82) {
    const form = new URLSearchParams();
    for (const name of fields) form.set(name, String(fuzzValue(rand, ids)));
    return {
      kind: "urlencoded",
      contentType: "application/x-www-form-urlencoded",
      payload: form.toString(),
    };
  }
  if (roll < 0.87) {
    return {
      kind: "broken-multipart",
      contentType: "multipart/form-data; boundary=nothere",
      payload: "--x\r\nnot a part",
    };
  }
  if (roll < 0.93) {
    const file = rand.chance(0.5) ? PNG_1X1 : Buffer.from(fuzzString(rand));
    const name = rand.pick(["image", "photo", ...fields]);
    return {
      kind: "multipart",
      ...multipart([
        { name, value: file, filename: "a.png" },
        { name: "intent", value: fuzzString(rand) },
      ]),
    };
  }
  if (roll < 0.96) return { kind: "text", contentType: "text/plain", payload: fuzzString(rand) };
  return { kind: "no-type", payload: JSON.stringify(fuzzObject(rand, fields, ids)) };
}

/** A path segment where the route has `:id`. */
export function fuzzSegment(rand: Random, ids: readonly string[]): string {
  if (ids.length && rand.chance(0.5)) return rand.pick(ids);
  return encodeLoosely(
    rand.pick([
      "abc",
      "00000000-0000-0000-0000-000000000000",
      "%00",
      "\u0000",
      "x".repeat(5000),
      "..",
      "é",
      "1",
    ]),
  );
}

export function fuzzQuery(rand: Random): string {
  const names = [
    "q",
    "page",
    "hitsPerPage",
    "cities",
    "categories",
    "priceRanges",
    "tab",
    "token",
    "next",
  ];
  const parts: string[] = [];
  for (const name of names) {
    if (rand.chance(0.3)) parts.push(`${name}=${encodeLoosely(fuzzString(rand).slice(0, 300))}`);
  }
  if (rand.chance(0.05)) parts.push("q=%00", "page=%ff");
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Percent-encoding that also lets through what encodeURIComponent refuses (a lone surrogate). */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}
