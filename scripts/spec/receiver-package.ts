/**
 * The event types of the receiver package (packages/webhooks-node/src/events.ts), written by
 * `npm run generate` beside generated/: generated/events.ts as it is (the package has no
 * dependencies, so it carries its own copy of the types), with the runtime EVENT_TYPES list rendered
 * from the AsyncAPI document's messages, which constructEvent checks every delivery's `type` against,
 * and API_VERSION, the version the types describe (the document's info.version), which it compares
 * every delivery's `api_version` with.
 */
import type { JsonObject } from './json.js';

/** Where the file goes, relative to generated/ (scripts/spec/generate.ts writes and checks it there). */
export const RECEIVER_EVENTS_FILE = '../packages/webhooks-node/src/events.ts';

const EVENT_TYPES_BLOCK = /^export const EVENT_TYPES = \[\n([\s\S]*?)\n\] as const;$/m;

/** Every event type of the bundled AsyncAPI document: its messages' payload `type` const (else the name), in order. */
export function asyncapiEventTypes(asyncapi: JsonObject): string[] {
  const components = (asyncapi.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as JsonObject;
  const messages = Object.values((components.messages ?? {}) as JsonObject) as JsonObject[];
  return messages.map((message) => {
    const ref = ((message.payload ?? {}) as JsonObject).$ref;
    const payload = typeof ref === 'string' ? (schemas[ref.replace('#/components/schemas/', '')] as JsonObject | undefined) : undefined;
    const type = ((payload?.properties as JsonObject | undefined)?.type as JsonObject | undefined)?.const ?? message.name;
    if (typeof type !== 'string') throw new Error(`An AsyncAPI message has neither a payload type const nor a name: ${JSON.stringify(message).slice(0, 200)}`);
    return type;
  });
}

/** packages/webhooks-node/src/events.ts from generated/events.ts (its text) and the bundled AsyncAPI document. */
export function receiverEventsModule(events: string, asyncapi: JsonObject): string {
  const [header, ...rest] = events.split('\n');
  const block = EVENT_TYPES_BLOCK.exec(events);
  if (!header?.startsWith('// ') || !block) throw new Error('generated/events.ts changed shape (no header line or no EVENT_TYPES list): update scripts/spec/receiver-package.ts');
  const types = asyncapiEventTypes(asyncapi);
  const listed = [...(block[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
  // Both come from the same messages; a difference means the template and this file read them differently.
  if (listed.join() !== types.join()) throw new Error(`generated/events.ts lists ${listed.join(', ')} but the AsyncAPI messages are ${types.join(', ')}`);
  const list = `export const EVENT_TYPES = [\n${types.map((t) => `  '${t}',`).join('\n')}\n] as const;`;
  const version = (asyncapi.info as JsonObject | undefined)?.version;
  if (typeof version !== 'string') throw new Error('The AsyncAPI document has no info.version');
  const apiVersion = [
    '',
    '/**',
    " * The API version these types describe (the AsyncAPI document's `info.version`). A delivery's",
    " * `api_version` is its endpoint's pinned version: constructEvent warns, or refuses with",
    " * `{ apiVersion: 'refuse' }`, when it is another one.",
    ' */',
    `export const API_VERSION = ${JSON.stringify(version).replace(/"/g, "'")} as const;`,
  ].join('\n');
  return [header, '// The webhook event types of @vehicle-transport/webhooks: generated/events.ts, EVENT_TYPES from the AsyncAPI messages.', ...rest]
    .join('\n')
    .replace(EVENT_TYPES_BLOCK, () => `${list}\n${apiVersion}`);
}
