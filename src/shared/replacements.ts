// Literal replacements applied to a file of an npm package before it is served (the reference docs'
// Redoc bundle): generation records them in generated/docs-assets.json with the hash of the result,
// and the build and the server apply the same ones, so the page's integrity hash always matches.

/** `[from, to]` pairs, each `from` replaced everywhere it occurs. */
export type Replacements = readonly (readonly [string, string])[];

/** `content` with every replacement made; throws when a `from` does not occur (the package changed). */
export function applyReplacements(content: Buffer, replace: Replacements | undefined, what: string): Buffer {
  if (!replace?.length) return content;
  let text = content.toString('utf8');
  for (const [from, to] of replace) {
    if (!text.includes(from)) throw new Error(`${what}: ${JSON.stringify(from)} no longer occurs in it; regenerate (npm run generate)`);
    text = text.split(from).join(to);
  }
  return Buffer.from(text, 'utf8');
}
