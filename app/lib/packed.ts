/**
 * Loader data sent as one JSON text (issue 17, decision 0039). React Router writes a
 * page's loader data into the HTML in its own format, where every object is a list of
 * numbered references to its keys and values; for the home page's thirty cards those
 * numbers alone were about 0.9 KB of the compressed page, enough to keep it out of a
 * phone connection's first round trip. A loader that returns `pack(data)` sends the same
 * data as one JSON string instead, which compresses far better, and the route reads it
 * back with `unpack()`.
 *
 * In that text a list whose items are all objects with the same keys (the cards) is a
 * table: its keys once, then one row of values per item (0.16 KB less of the home page).
 * Every other list starts with LIST. Only plain JSON data: no dates, maps or class
 * instances (pack() refuses them); a key whose value is undefined is left out, as
 * JSON.stringify leaves it out.
 */
export type Packed<T> = {
  readonly json: string;
  /** Never set: carries the type of what `json` holds. */
  readonly unpacked?: T;
};

const LIST = 0;
const TABLE = 1;

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  if (value === null || typeof value !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function definedKeys(item: Plain): string[] {
  return Object.keys(item).filter((key) => item[key] !== undefined);
}

/** The keys every item has, in the same order, when every item is a plain object. */
function tableKeys(items: unknown[]): string[] | null {
  if (items.length < 2 || !items.every(isPlain)) return null;
  const keys = definedKeys(items[0] as Plain).join("\n");
  if (!items.every((item) => definedKeys(item).join("\n") === keys)) return null;
  return keys ? keys.split("\n") : null;
}

function encode(value: unknown): unknown {
  if (Array.isArray(value)) {
    const keys = tableKeys(value);
    return keys
      ? [TABLE, keys, ...value.map((item) => keys.map((key) => encode((item as Plain)[key])))]
      : [LIST, ...value.map(encode)];
  }
  if (isPlain(value)) {
    const out: Plain = {};
    for (const key of definedKeys(value)) out[key] = encode(value[key]);
    return out;
  }
  if (value !== null && typeof value === "object") {
    throw new Error("pack() takes plain JSON data only (no dates, maps or class instances)");
  }
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value[0] === TABLE) {
      const keys = value[1] as string[];
      return value.slice(2).map((row: unknown[]) => {
        const item: Plain = {};
        keys.forEach((key, i) => (item[key] = decode(row[i])));
        return item;
      });
    }
    return value.slice(1).map(decode);
  }
  if (isPlain(value)) {
    const out: Plain = {};
    for (const [key, inner] of Object.entries(value)) out[key] = decode(inner);
    return out;
  }
  return value;
}

export function pack<T>(value: T): Packed<T> {
  return { json: JSON.stringify(encode(value)) };
}

const read = new WeakMap<object, unknown>();

/**
 * The data a `Packed` holds. The same `Packed` object (React Router keeps a route's loader
 * data until it loads again) gives the same objects, so effects that depend on them do not
 * run again on every render.
 */
export function unpack<T>(packed: Packed<T>): T {
  if (read.has(packed)) return read.get(packed) as T;
  const value = decode(JSON.parse(packed.json)) as T;
  read.set(packed, value);
  return value;
}
