// JSON documents as the spec scripts read them (generate, the breaking-change gate, the changelog,
// the split specs' lists): the types, and JSON Pointers (RFC 6901) into them.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One key as a pointer segment (`~` and `/` escaped). */
export const escapeSegment = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** The keys a pointer (`/paths/~1v1~1orders/get`, or a `$ref`'s `#/...` with the `#` removed) names. */
export const pointerPath = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));

/** The pointer of a path of keys. */
export const pointerOf = (path: readonly (string | number)[]): string => path.map((p) => `/${escapeSegment(p)}`).join('');

/** The node at a path of keys (array items by index); undefined when there is none. */
export function nodeAt(doc: Json, path: readonly (string | number)[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const p of path) {
    if (Array.isArray(cur)) cur = cur[Number(p)];
    else if (isObject(cur)) cur = cur[String(p)];
    else return undefined;
  }
  return cur;
}
