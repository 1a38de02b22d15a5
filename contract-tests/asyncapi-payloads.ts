// Checks webhook event envelopes against the message payload schemas of the published AsyncAPI document.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface AsyncApiDocument {
  components: {
    messages: Record<string, { name: string; payload: { $ref: string } }>;
    schemas: Record<string, unknown>;
  };
}

const document = JSON.parse(readFileSync(new URL('../generated/asyncapi.json', import.meta.url), 'utf8')) as AsyncApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document as object, 'asyncapi');

/** Event type -> the JSON pointer of its message payload schema. */
const payloadRefs = new Map(Object.values(document.components.messages).map((m) => [m.name, m.payload.$ref]));

export const eventTypes = (): string[] => [...payloadRefs.keys()];

/** Null when the envelope matches its message's payload schema, else the Ajv errors as text. */
export function payloadErrors(envelope: { type: string }): string | null {
  const ref = payloadRefs.get(envelope.type);
  if (!ref) return `no AsyncAPI message for event type ${envelope.type}`;
  const validate = ajv.getSchema(`asyncapi${ref}`);
  if (!validate) return `unresolvable payload schema ${ref}`;
  return validate(envelope) ? null : ajv.errorsText(validate.errors);
}

/**
 * Null when a delivery's HTTP headers (as Node lower-cases them) match the document's
 * DeliveryHeaders, with the names as the document spells them, else the Ajv errors as text.
 */
export function headerErrors(headers: Record<string, string | string[] | undefined>): string | null {
  const validate = ajv.getSchema('asyncapi#/components/schemas/DeliveryHeaders');
  if (!validate) return 'no DeliveryHeaders schema';
  const declared = Object.keys((document.components.schemas.DeliveryHeaders as { properties: Record<string, unknown> }).properties);
  const named = Object.fromEntries(declared.flatMap((name) => (headers[name.toLowerCase()] === undefined ? [] : [[name, headers[name.toLowerCase()]]])));
  return validate(named) ? null : ajv.errorsText(validate.errors);
}
