/*
 * @asyncapi/generator template (react renderer, Parser API v3): renders events.ts, the TypeScript
 * types of the webhook events, from a self-contained AsyncAPI 3.0 document.
 *
 * - Models come from Modelina's TypeScriptGenerator (interfaces, wire property names kept).
 * - EVENT_TYPES / EventType / EventPayloads / EventEnvelope are derived from the messages of the
 *   document (each payload's `type` const, falling back to the message name), in document order.
 */
import { File } from '@asyncapi/generator-react-sdk';
import {
  TypeScriptGenerator,
  typeScriptDefaultPropertyKeyConstraints,
  ConstrainedObjectModel,
  ConstrainedUnionModel,
} from '@asyncapi/modelina';

/** Modelina names the union of a channel's messages after the channel; this says what it is. */
const CHANNEL_UNION_NAME = 'AnyEventEnvelope';

const keepName = (value) => value;

/** Modelina options: see the comments for why each differs from the default. */
export const modelinaOptions = {
  // Plain data shapes, no classes with getters/setters.
  modelType: 'interface',
  // String literal unions instead of TS enums: the OpenAPI types (openapi-typescript) use unions,
  // and a union is not assignable to a TS enum.
  enumType: 'union',
  // `additionalProperties: {type: string}` as Record<string, string> (openapi-typescript's shape)
  // instead of Map<string, string>, which JSON never produces.
  mapType: 'record',
  moduleSystem: 'ESM',
  constraints: {
    // Keep the wire names (`order_id` stays `order_id`, `status` stays `status`).
    propertyKey: typeScriptDefaultPropertyKeyConstraints({
      NAMING_FORMATTER: keepName,
      NO_RESERVED_KEYWORDS: keepName,
    }),
  },
  processorOptions: {
    jsonSchema: {
      // Objects without `additionalProperties: false` would otherwise get a made-up
      // `additionalProperties` member; the JSON has no such field.
      ignoreAdditionalProperties: true,
    },
  },
};

/** The `type` const of an event payload, or undefined. */
function payloadTypeConst(message) {
  const payload = message.payload();
  const type = payload && payload.properties() && payload.properties().type;
  if (type && type.const() !== undefined) return String(type.const());
  return undefined;
}

async function renderEvents(asyncapi, header) {
  const generator = new TypeScriptGenerator(modelinaOptions);
  const models = await generator.generate(asyncapi);

  // Events in document order: the messages of components/messages (falling back to all messages).
  const messages = asyncapi.components().messages().all();
  const list = messages.length ? messages : asyncapi.allMessages().all();
  const events = [];
  for (const message of list) {
    const type = payloadTypeConst(message) || message.name();
    if (!type) throw new Error(`Message ${message.id()} has neither a payload type const nor a name`);
    const payloadId = message.payload() && message.payload().id();
    const output = models.find((m) => m.model.originalInput && m.model.originalInput['x-parser-schema-id'] === payloadId)
      || models.find((m) => m.model.name === payloadId);
    if (!output || !(output.model instanceof ConstrainedObjectModel)) {
      throw new Error(`No Modelina object model for the payload of ${type} (${payloadId})`);
    }
    const data = output.model.properties.data;
    if (!data) throw new Error(`The payload of ${type} has no data property`);
    events.push({ type, envelope: output.model.name, dataType: data.property.type });
  }
  const seen = new Set();
  for (const e of events) {
    if (seen.has(e.type)) throw new Error(`Event type ${e.type} is declared twice`);
    seen.add(e.type);
  }
  // Consistency guards on the spec: message name == payload type const, and the EventType enum
  // schema (when present) lists exactly these types in this order.
  for (const message of list) {
    const typeConst = payloadTypeConst(message);
    if (typeConst && message.name() && message.name() !== typeConst) {
      throw new Error(`Message ${message.id()}: name ${message.name()} differs from its payload type const ${typeConst}`);
    }
  }
  const eventTypeSchema = asyncapi.components().schemas().get('EventType');
  const eventTypeEnum = eventTypeSchema && eventTypeSchema.enum();
  if (eventTypeEnum && eventTypeEnum.join() !== events.map((e) => e.type).join()) {
    throw new Error(`components/schemas/EventType enum (${eventTypeEnum.join(', ')}) differs from the message types (${events.map((e) => e.type).join(', ')})`);
  }

  // The union of every message of a channel (named after the channel, e.g. `WebhookEndpoint`, which
  // would read like the endpoint resource) is renamed to what it is: the body of any delivery.
  const channelIds = new Set(asyncapi.channels().all().map((c) => c.id().toLowerCase()));
  const modelCode = models
    .map((m) =>
      m.model instanceof ConstrainedUnionModel && channelIds.has(m.model.name.toLowerCase())
        ? `/** The body of a webhook delivery, whatever its event type. */\nexport ${m.result.trim().replace(/^export\s+/, '').replace(new RegExp(`\\b${m.model.name}\\b`), CHANNEL_UNION_NAME)}`
        : m.result.trim(),
    )
    .filter(Boolean)
    .map((code) => (/^(export\s|\/\*\*)/.test(code) ? code : `export ${code}`));

  const q = (s) => JSON.stringify(s).replace(/"/g, "'");
  const lines = [
    `// ${header}`,
    '// Webhook event types from the AsyncAPI document (models by Modelina TypeScriptGenerator).',
    '/* eslint-disable */',
    '',
    ...modelCode.flatMap((code) => [code, '']),
    '/** Every event type, in the order of the AsyncAPI document. */',
    'export const EVENT_TYPES = [',
    ...events.map((e) => `  ${q(e.type)},`),
    '] as const;',
    '',
    'export type EventType = typeof EVENT_TYPES[number];',
    '',
    '/** The type of `data` for each event type. */',
    'export interface EventPayloads {',
    ...events.map((e) => `  ${q(e.type)}: ${e.dataType};`),
    '}',
    '',
    '/** The message payload (the delivered envelope) of each event type. */',
    'export interface EventEnvelopes {',
    ...events.map((e) => `  ${q(e.type)}: ${e.envelope};`),
    '}',
    '',
    '/** The body of a webhook delivery of the given event type. */',
    'export type EventEnvelope<T extends EventType> = EventEnvelopes[T];',
    '',
  ];
  return lines.join('\n');
}

export default async function EventsTemplate({ asyncapi, params }) {
  const content = await renderEvents(asyncapi, params.header);
  return <File name="events.ts">{content}</File>;
}
