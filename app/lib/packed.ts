/**
 * Loader data sent as one JSON text (issue 17, decision 0039). React Router writes a
 * page's loader data into the HTML in its own format, where every object is a list of
 * numbered references to its keys and values; for the home page's thirty cards those
 * numbers alone were about 0.9 KB of the compressed page, enough to keep it out of a
 * phone connection's first round trip. A loader that returns `pack(data)` sends the same
 * data as one JSON string instead, which compresses far better, and the route reads it
 * back with `unpack()`. Only for JSON data: no dates, maps or promises.
 */
export type Packed<T> = {
  readonly json: string;
  /** Never set: carries the type of what `json` holds. */
  readonly unpacked?: T;
};

export function pack<T>(value: T): Packed<T> {
  return { json: JSON.stringify(value) };
}

const read = new WeakMap<object, unknown>();

/**
 * The data a `Packed` holds. The same `Packed` object (React Router keeps a route's loader
 * data until it loads again) gives the same objects, so effects that depend on them do not
 * run again on every render.
 */
export function unpack<T>(packed: Packed<T>): T {
  if (read.has(packed)) return read.get(packed) as T;
  const value = JSON.parse(packed.json) as T;
  read.set(packed, value);
  return value;
}
