/**
 * The specs are split by domain: specs/openapi.yaml and specs/asyncapi.yaml are the root documents,
 * and the paths and components of each domain live beside each other in
 * specs/<document>/<domain>.yaml (for AsyncAPI the payload schemas; its channel, operation and
 * messages stay in the root, because Redocly copies a message a part defines in place). The root lists every one of them by `$ref`, in the order the
 * bundled document gives them (Redocly copies a root component's target in place and points every
 * other ref to that target at it, so the bundle is the document as if it had been written in one
 * file).
 *
 * indexProblems() is what keeps the list honest: `npm run generate` fails, naming the exact lines to
 * add, when a part defines something the root does not list (Redocly would otherwise bundle it
 * under a name of its own at the end, or leave it out), or when the root lists something no part
 * defines.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { isObject, nodeAt, pointerOf, pointerPath, type Json, type JsonObject } from './json.js';


/** The sections of a part that the root lists entry by entry. */
function entries(doc: JsonObject): { section: string[]; key: string }[] {
  const out: { section: string[]; key: string }[] = [];
  for (const top of ['paths', 'channels', 'operations']) {
    if (isObject(doc[top])) for (const key of Object.keys(doc[top])) out.push({ section: [top], key });
  }
  if (isObject(doc.components)) {
    for (const [kind, map] of Object.entries(doc.components)) {
      if (isObject(map)) for (const key of Object.keys(map)) out.push({ section: ['components', kind], key });
    }
  }
  return out;
}

/** The map at `section` of a document, if it is one. */
function at(doc: Json, section: string[]): JsonObject | undefined {
  const node = nodeAt(doc, section);
  return isObject(node) ? node : undefined;
}

/** What is wrong with the root's list of the parts' entries; empty when nothing is. */
export function indexProblems(rootFile: string): string[] {
  const dir = path.join(path.dirname(rootFile), path.basename(rootFile, path.extname(rootFile)));
  const rel = path.basename(dir);
  const root = YAML.parse(readFileSync(rootFile, 'utf8')) as JsonObject;
  const problems: string[] = [];
  const parts = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort() : [];
  for (const file of parts) {
    const doc = YAML.parse(readFileSync(path.join(dir, file), 'utf8')) as JsonObject;
    for (const { section, key } of entries(doc)) {
      const want = `./${rel}/${file}#${pointerOf([...section, key])}`;
      const listed = at(root, section)?.[key];
      if (isObject(listed) && listed.$ref === want) continue;
      problems.push(
        isObject(listed) && typeof listed.$ref === 'string'
          ? `${section.join('.')}.${key} of ${rel}/${file} is listed as ${listed.$ref}, not ${want}`
          : `${section.join('.')}.${key} of ${rel}/${file} is not listed in ${path.basename(rootFile)}: add \`${key}: {$ref: '${want}'}\` under ${section.join('.')}`,
      );
    }
  }
  // Every listed entry names something a part defines (under the same name).
  const walk = (node: Json, section: string[]): void => {
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith(`./${rel}/`)) continue;
      const [file, pointer = ''] = value.$ref.slice(rel.length + 3).split('#');
      const target = path.join(dir, file!);
      const segments = pointerPath(pointer);
      const defined = existsSync(target) && segments.at(-1) === key && at(YAML.parse(readFileSync(target, 'utf8')) as Json, segments.slice(0, -1))?.[key] !== undefined;
      if (!defined) problems.push(`${[...section, key].join('.')} in ${path.basename(rootFile)} names ${value.$ref}, which no part defines under that name`);
    }
  };
  for (const top of ['paths', 'channels', 'operations']) walk(root[top] ?? null, [top]);
  for (const [kind, map] of Object.entries(isObject(root.components) ? root.components : {})) walk(map, ['components', kind]);
  return problems;
}
