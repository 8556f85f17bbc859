/**
 * A value a loader sends as one JSON string. Single fetch's encoder (turbo-stream) takes every
 * string, number, array and object of loader data one by one (a map lookup, an index, a piece of
 * text each: about a microsecond apiece in a loaded server). Lists that every page carries, the
 * vehicle picker's and the footer's, were 160 of a product page's 260 values; packed, they are one.
 */
export type Packed<T> = string & { readonly packed?: T };

export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>;
}

let last: { packed: string; value: unknown } | undefined;

/**
 * The packed value, read once for each packed string: the server renders every page with the same
 * string for a catalogue version. Treat what it gives as read-only; it is shared.
 */
export function unpack<T>(packed: Packed<T>): T {
  if (last?.packed !== packed) last = { packed, value: JSON.parse(packed) };
  return last.value as T;
}
