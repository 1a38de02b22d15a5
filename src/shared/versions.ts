// The registry of supported API versions (date strings, newest first; the newest is the default for
// new keys and OAuth clients). Handlers and services always produce the current shape; a response or
// an event payload for an older version is the current one passed through the transforms of every
// newer version, newest first (so a breaking change is one transform, not a fork of handlers).
// The list must equal the spec's `ApiVersion` enum (a test checks it).

import type { components, operations } from '../../generated/openapi.js';
import { schemaEnum } from './spec.js';

type Json = Record<string, unknown>;

/** The spec's ApiVersion enum. */
export type ApiVersion = components['schemas']['ApiVersion'];

/** How one operation of the previous version differed from this version's (what older callers keep). */
export interface OperationChange {
  /** The status each of this version's statuses was in the previous version (`{201: 200}`). */
  status?: Record<number, number>;
  /** Answer headers the previous version did not send (`Location` of a create that answered 200). */
  withoutHeaders?: readonly string[];
  /** Request body fields the previous version named otherwise: this version's name -> the previous one. */
  body?: Record<string, string>;
  /** Query parameters the previous version named otherwise: this version's name -> the previous one. */
  query?: Record<string, string>;
  /**
   * Query parameters whose default was another in the previous version: a request of that version
   * (or older) without the parameter is read as if it had sent that value.
   */
  queryDefaults?: Record<string, string>;
  /**
   * The path template the operation had in the previous version (`/v1/invoices/{invoice_id}/pdf`),
   * with the same parameters: a caller of that version (or older) is routed from it; the current
   * version answers it 404 as any path it does not have.
   */
  path?: string;
  /**
   * The previous version's document of the operation from this version's (links, descriptions,
   * the answer's schema): for what the fields above do not say.
   */
  document?: (operation: Json) => Json;
}

interface VersionEntry {
  version: ApiVersion;
  /** What changed in this version, as integrators read it (README, spec). */
  changes: string;
  /**
   * Turns a resource of this version into its shape in the previous version, keyed by the
   * resource's `object`. Absent for the oldest version. It also renders an update's
   * `previous_attributes` (some fields of the resource, with no `object`): it must take a resource
   * with any of its fields missing.
   */
  downgrade?: Partial<Record<string, (resource: Json) => Json>>;
  /**
   * The same change for the resource's JSON Schema (the event-type catalog's schemas), for every
   * object `downgrade` has (a test holds them to the same keys and to each other).
   */
  schemaDowngrade?: Partial<Record<string, (schema: Json) => Json>>;
  /**
   * The same change for named schemas of parts of a resource that carry no `object` of their own
   * (a report's rows), keyed by the schema's name in `components.schemas` (and `$defs`); the
   * resource's `downgrade` renders the parts it holds.
   */
  namedSchemaDowngrade?: Partial<Record<string, (schema: Json) => Json>>;
  /**
   * How operations differed in the previous version, keyed by operationId: the status they
   * answered, the names their requests used. A request of an older version is upgraded by these
   * (`upgradeRequest`) before it is validated; its answer's status is rendered back (`statusForVersion`).
   */
  operations?: Partial<Record<keyof operations, OperationChange>>;
  /**
   * The only fields some `downgrade`s read and change, by resource: data that names its resource by
   * `x-object` (no `object` of its own, so no downgrade reaches it) and has none of them is the same
   * in the previous version. A resource not listed may change anywhere.
   */
  downgradeFields?: Partial<Record<string, readonly string[]>>;
  /**
   * Text of this version's documents (descriptions, examples) as the previous version's say it: the
   * URLs of the paths the version renamed.
   */
  documentText?: (text: string) => string;
}

function renameKeys(resource: Json, renames: Record<string, string>): Json {
  return Object.fromEntries(Object.entries(resource).map(([k, v]) => [renames[k] ?? k, v]));
}

/** `renameKeys` for an object's JSON Schema: its properties and its required list. */
function renameSchemaKeys(schema: Json, renames: Record<string, string>): Json {
  const out: Json = { ...schema };
  if (schema.properties && typeof schema.properties === 'object') out.properties = renameKeys(schema.properties as Json, renames);
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).map((k) => renames[k] ?? k);
  return out;
}

const ORDER_STOPS_2026_01 = { pickup: 'origin', delivery: 'destination' };

/**
 * Before 2026-12-01 a payment was `succeeded` or `failed`: a payment the bank took back reads as
 * failed, the return's reason as its failure reason (it moved no money in the end).
 */
const paymentReturnedAsFailed = (payment: Json): Json =>
  payment.status === 'returned' ? { ...payment, status: 'failed', failure_reason: payment.return_reason } : payment;

/** The same for the payment's JSON Schema: its status as 2026-07-01 published it (no `returned`). */
function paymentStatusesBefore2026_12(schema: Json): Json {
  const properties = schema.properties as Json | undefined;
  if (!properties?.status) return schema;
  const status = { type: 'string', title: 'PaymentStatus', description: 'The outcome of a payment.', enum: schemaEnum('PaymentStatus').filter((v) => v !== 'returned') };
  return { ...schema, properties: { ...properties, status } };
}

/** Fields that 2027-01-15 named as the house style names them (this version's name -> the one before). */
const WEBHOOK_ENDPOINT_ID_2026_12 = { webhook_endpoint_id: 'endpoint_id' };
const ORDERS_CREATED_2026_12 = { orders_created: 'created' };
const AS_OF_DATE_2026_12 = { as_of_date: 'as_of' };
const EXPIRY_DATES_2026_12 = { insurance_expiry_date: 'insurance_expires_on', bond_expiry_date: 'bond_expires_on', process_agent_expiry_date: 'process_agent_expires_on' };
const ALERT_EXPIRY_DATE_2026_12 = { expiry_date: 'expired_on' };

/** `renameSchemaKeys`, and the schema's description naming the fields (in backquotes) as they were. */
function renameSchemaKeysAndText(schema: Json, renames: Record<string, string>): Json {
  const out = renameSchemaKeys(schema, renames);
  if (typeof schema.description === 'string') out.description = Object.entries(renames).reduce((t, [k, v]) => t.replaceAll(`\`${k}\``, `\`${v}\``), schema.description);
  return out;
}

/** A list as 2026-12-01 answered an action with it: the whole of it on one page. */
const onePage = (data: unknown): Json => ({ object: 'list', data, has_more: false, next_cursor: null });

/** The named schema a resource's schema was in an earlier version (a list the action answered). */
const schemaNamed = (name: string) => (): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * An operation's answer as an older version documented it: its description, and the named schema
 * of its body (a list it answered).
 */
const answeredWith =
  (status: string, was: { description: string; schema?: string }) =>
  (operation: Json): Json => {
    const responses = operation.responses as Record<string, Json>;
    const response: Json = { ...responses[status]!, description: was.description };
    if (was.schema) response.content = { 'application/json': { ...((response.content as Record<string, Json>)['application/json'] as Json), schema: { $ref: `#/components/schemas/${was.schema}` } } };
    return { ...operation, responses: { ...responses, [status]: response } };
  };

/**
 * A PDF's URL as 2026-12-01 wrote it: `/pdf` after an invoice or a carrier payment, and an
 * attachment by its index alone (`.pdf` since 2027-01-15). Other URLs are left as they are.
 */
export const pdfUrlBefore2027_01 = (text: string): string =>
  text
    .replace(/(\/v1\/(?:invoices|carrier_payments)\/[^/\s`'"()]+)\.pdf\b/g, '$1/pdf')
    .replace(/(\/v1\/messages\/[^/\s`'"()]+\/attachments\/[^/\s`'"().]+)\.pdf\b/g, '$1');

/** A URL field of a resource, as `pdfUrlBefore2027_01` writes it (a field that is no string is left). */
const pdfField = (resource: Json, field: string): Json =>
  typeof resource[field] === 'string' ? { ...resource, [field]: pdfUrlBefore2027_01(resource[field]) } : resource;

/**
 * Before 2027-01-15 a carrier payment was always `sent`: one voided as recorded by mistake reads as
 * `sent`, its `voided_at` and `void_reason` saying it was voided.
 */
const carrierPaymentVoidedAsSent = (payment: Json): Json => (payment.status === 'voided' ? { ...payment, status: 'sent' } : payment);

/** The carrier payment's status as 2026-12-01 published it (no `voided`). */
const carrierPaymentStatusBefore2027_01 = (schema: Json): Json => ({
  ...schema,
  description: 'A carrier payment is `sent` when it is recorded; one voided as recorded by mistake stays `sent` and says so with `voided_at` and `void_reason`.',
  enum: schemaEnum('CarrierPaymentStatus').filter((v) => v !== 'voided'),
});

/** A message's attachments with the URLs of 2026-12-01. */
function attachmentsBefore2027_01(message: Json): Json {
  if (!Array.isArray(message.attachments)) return message;
  return { ...message, attachments: message.attachments.map((a: unknown) => (isJsonObject(a) ? pdfField(a, 'url') : a)) };
}

/**
 * The event-type catalog as 2026-12-01 documented it: a page of up to 100 by default (the whole
 * catalog), its cursor an `EventType`, no `include[]=total_count`.
 */
function eventTypesBefore2027_01(operation: Json): Json {
  return {
    ...operation,
    description:
      "Every event type the service sends, with its description, the object its `data` carries\nand the JSON Schema (2020-12) of its envelope as the caller's API version renders it, made\nfrom the published AsyncAPI document. In type order; the whole catalog fits in one page of\nthe default size.\n",
    parameters: [
      { name: 'limit', in: 'query', description: 'Page size, 1 to 100.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 100 } },
      { name: 'cursor', in: 'query', description: 'The `next_cursor` of the previous page (an event type); the page starts after it.', schema: { $ref: '#/components/schemas/EventType' } },
    ],
  };
}

/** The page of the event-type catalog as 2026-12-01 published it (its cursor an open `EventType`, no count). */
const eventTypeListBefore2027_01 = (schema: Json): Json => {
  const properties = { ...(schema.properties as Json) };
  delete properties.total_count;
  properties.next_cursor = {
    description: 'The last type of the page (an `EventType`, open as every event type in an answer), null on the last page.',
    anyOf: [{ $ref: '#/components/schemas/EventType' }, { type: 'string' }, { type: 'null' }],
  };
  return { ...schema, properties };
};

/** A create that answered 200 (and no `Location`) before 2027-01-15. */
const createdWas200 = (description: string): OperationChange => ({ status: { 201: 200 }, withoutHeaders: ['Location'], document: answeredWith('200', { description }) });

/** A response's link to another operation, by its parameter's place in the answer (as an older version wrote it). */
function relinked(operation: Json, status: string, link: string, parameter: string, expression: string): Json {
  const responses = operation.responses as Record<string, Json>;
  const response = responses[status]!;
  const links = response.links as Record<string, Json>;
  const was = links[link]!;
  return {
    ...operation,
    responses: { ...responses, [status]: { ...response, links: { ...links, [link]: { ...was, parameters: { ...(was.parameters as Json), [parameter]: expression } } } } },
  };
}

/** A listener's batch as 2026-12-01 published it: `{object: "list", data}`, a list without `has_more`. */
function listenBatchBefore2027_01(schema: Json): Json {
  const properties = schema.properties as Json;
  const deliveries = properties.deliveries as Json;
  return {
    type: 'object',
    title: schema.title,
    required: ['object', 'data'],
    properties: {
      object: { description: 'Always `list`.', type: 'string', const: 'list' },
      data: { description: "The objects of this page, in the list's order.", type: 'array', items: deliveries.items },
    },
    example: { object: 'list', data: [] },
  };
}

export const VERSIONS = [
  {
    version: '2027-01-15',
    changes:
      'Creating a test clock or a webhook listener answers 201 with `Location` (200 before). ' +
      'Deliveries, replays and recoveries name their endpoint `webhook_endpoint_id` (`endpoint_id` before, in requests too). ' +
      'A replay answers an `event_replay` object with its `deliveries`, `mark_mailed` a `letters_mailed` object with its `messages`, and a listener\'s poll a `webhook_listen_batch` with its `deliveries` (lists before). ' +
      'The operations report counts `orders_created` (`created` before). ' +
      'The receivables aging report is of a day, `as_of_date` (`as_of` before, in the query too). ' +
      'A PDF is addressed as its resource with `.pdf` (`/v1/invoices/{id}.pdf`, `/v1/carrier_payments/{id}.pdf`, `/v1/messages/{id}/attachments/{index}.pdf`; `/pdf` and an attachment by its index before, the URLs in invoices, carrier payments and messages too). ' +
      'The event-type catalog pages as every list (the shared `limit`, default 20, `include[]=total_count`, an `EventTypeId` cursor; a page of 100 by default before). ' +
      'A carrier payment voided as recorded by mistake is `voided` (it stayed `sent` before, with `voided_at` and `void_reason`). ' +
      'A carrier\'s expiry dates are `insurance_expiry_date`, `bond_expiry_date` and `process_agent_expiry_date` (`*_expires_on` before, in updates and events too), a compliance alert\'s `expiry_date` (`expired_on` before).',
    downgrade: {
      webhook_delivery: (delivery) => renameKeys(delivery, WEBHOOK_ENDPOINT_ID_2026_12),
      webhook_recovery: (recovery) => renameKeys(recovery, WEBHOOK_ENDPOINT_ID_2026_12),
      event_replay: (replay) => onePage(replay.deliveries),
      letters_mailed: (mailed) => onePage(mailed.messages),
      webhook_listen_batch: (batch) => ({ object: 'list', data: batch.deliveries }),
      operations_report: (report) => {
        const out = { ...report };
        if (isJsonObject(report.totals)) out.totals = renameKeys(report.totals, ORDERS_CREATED_2026_12);
        if (Array.isArray(report.rows)) out.rows = report.rows.map((row: unknown) => (isJsonObject(row) ? renameKeys(row, ORDERS_CREATED_2026_12) : row));
        return out;
      },
      receivables_aging_report: (report) => renameKeys(report, AS_OF_DATE_2026_12),
      carrier: (carrier) => renameKeys(carrier, EXPIRY_DATES_2026_12),
      compliance_alert: (alert) => renameKeys(alert, ALERT_EXPIRY_DATE_2026_12),
      invoice: (invoice) => pdfField(invoice, 'invoice_pdf'),
      carrier_payment: (payment) => carrierPaymentVoidedAsSent(pdfField(payment, 'remittance_pdf')),
      message: attachmentsBefore2027_01,
    },
    schemaDowngrade: {
      webhook_delivery: (schema) => renameSchemaKeys(schema, WEBHOOK_ENDPOINT_ID_2026_12),
      webhook_recovery: (schema) => renameSchemaKeys(schema, WEBHOOK_ENDPOINT_ID_2026_12),
      event_replay: schemaNamed('WebhookDeliveryList'),
      letters_mailed: schemaNamed('MessageList'),
      webhook_listen_batch: listenBatchBefore2027_01,
      // Its rows and totals are the named schemas below.
      operations_report: (schema) => schema,
      receivables_aging_report: (schema) => renameSchemaKeys(schema, AS_OF_DATE_2026_12),
      carrier: (schema) => renameSchemaKeys(schema, EXPIRY_DATES_2026_12),
      compliance_alert: (schema) => renameSchemaKeysAndText(schema, ALERT_EXPIRY_DATE_2026_12),
      // The same fields, whose URLs are text of the documents (documentText).
      invoice: (schema) => schema,
      carrier_payment: (schema) => schema,
      message: (schema) => schema,
    },
    namedSchemaDowngrade: {
      OperationsFigures: (schema) => renameSchemaKeys(schema, ORDERS_CREATED_2026_12),
      OperationsRow: (schema) => renameSchemaKeys(schema, ORDERS_CREATED_2026_12),
      EventTypeList: eventTypeListBefore2027_01,
      CarrierPaymentStatus: carrierPaymentStatusBefore2027_01,
    },
    operations: {
      createTestClock: createdWas200('The clock, `ready`.'),
      openWebhookListener: createdWas200("The listener's endpoint, with its signing secret."),
      replayEvent: {
        body: WEBHOOK_ENDPOINT_ID_2026_12,
        document: (op) => answeredWith('200', { description: 'The deliveries queued by the replay.', schema: 'WebhookDeliveryList' })(relinked(op, '200', 'GetFirstReplayedDelivery', 'webhook_delivery_id', '$response.body#/data/0/id')),
      },
      markLettersMailed: { document: answeredWith('200', { description: 'The letters, now `sent`.', schema: 'MessageList' }) },
      getReceivablesAgingReport: { query: AS_OF_DATE_2026_12 },
      updateCarrier: { body: EXPIRY_DATES_2026_12 },
      getInvoicePdf: { path: '/v1/invoices/{invoice_id}/pdf' },
      getCarrierPaymentPdf: { path: '/v1/carrier_payments/{carrier_payment_id}/pdf' },
      getMessageAttachment: { path: '/v1/messages/{message_id}/attachments/{attachment_index}' },
      listEventTypes: { queryDefaults: { limit: '100' }, document: eventTypesBefore2027_01 },
    },
    downgradeFields: { invoice: ['invoice_pdf'], carrier_payment: ['remittance_pdf', 'status'], message: ['attachments'] },
    documentText: pdfUrlBefore2027_01,
  },
  {
    version: '2026-12-01',
    changes: 'Payments the bank took back are `returned` (they read as `failed` before).',
    downgrade: {
      payment: paymentReturnedAsFailed,
    },
    schemaDowngrade: {
      payment: paymentStatusesBefore2026_12,
    },
  },
  {
    version: '2026-07-01',
    changes: 'Orders name their stops `pickup` and `delivery` (they were `origin` and `destination`).',
    downgrade: {
      order: (order) => renameKeys(order, ORDER_STOPS_2026_01),
    },
    schemaDowngrade: {
      order: (schema) => renameSchemaKeys(schema, ORDER_STOPS_2026_01),
    },
  },
  {
    version: '2026-01-15',
    changes: 'Private preview.',
  },
] as const satisfies readonly VersionEntry[];

export const SUPPORTED_VERSIONS: readonly ApiVersion[] = VERSIONS.map((v) => v.version);
export const CURRENT_VERSION: ApiVersion = VERSIONS[0].version;

export const isSupportedVersion = (v: string): v is ApiVersion => (SUPPORTED_VERSIONS as readonly string[]).includes(v);

const isJsonObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The data of an update event (`{object, previous_attributes}`, as Stripe shapes it): the kind of
 * the resource in `object`, whose `previous_attributes` are some of its fields; undefined for anything else.
 */
function updatedObjectOf(value: Json): string | undefined {
  const resource = value.object;
  const previous = value.previous_attributes;
  if (!isJsonObject(resource) || !isJsonObject(previous)) return undefined;
  return typeof resource.object === 'string' ? resource.object : undefined;
}

/**
 * Applies a resource-level transform to every resource in a body (lists, nested objects, arrays),
 * innermost first. What it leaves as it was is returned as it was, not copied: a body with nothing
 * to change is read, never rebuilt, and the body given is never changed.
 */
function walk(value: unknown, transform: (resource: Json) => Json): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (const [i, was] of value.entries()) {
      const item = walk(was, transform);
      if (item !== was) (out ??= value.slice())[i] = item;
    }
    return out ?? value;
  }
  const obj = value as Json;
  // An event carries its own api_version and was rendered for it when it was built (renderEnvelope).
  if (obj.object === 'event') return obj;
  let inner: Json | undefined;
  // `for...in` over a body made of plain objects (rendered by the server, or parsed JSON): their own
  // keys. It reads a page about twice as fast as Object.keys (npm run bench:versions).
  for (const key in obj) {
    const value = obj[key];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a plain value walked is returned as it was; the guard saves a call, not a result
    if (value === null || typeof value !== 'object') continue;
    const field = walk(value, transform);
    if (field !== value) (inner ??= { ...obj })[key] = field;
  }
  return transform(inner ?? obj);
}

/**
 * The current-version `body` as `version` renders it: each resource passes through the downgrade of
 * every newer version, newest first. A downgrade reads and changes its own resource only (never what
 * is nested in it), so one walk of the body gives what a walk per version would.
 */
export function renderForVersion<T>(body: T, version: string): T {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  // An unknown version, and the current one (0), get the body as it is.
  // Stryker disable next-line EqualityOperator: the current version walked with no downgrade is the body as it was (nothing copied); the return saves the walk
  if (target <= 0) return body;
  const entries = VERSIONS.slice(0, target) as readonly VersionEntry[];
  const downgrade = (resource: Json, object: string): Json => {
    let out = resource;
    for (const entry of entries) {
      const fn = entry.downgrade?.[object];
      if (fn) out = fn(out);
    }
    return out;
  };
  return walk(body, (resource) => {
    if (typeof resource.object === 'string') return downgrade(resource, resource.object);
    // An update's previous_attributes are fields of the resource in `object` (already rendered,
    // innermost first): the same downgrade renders them (a renamed field keeps its new name).
    const updated = updatedObjectOf(resource);
    if (updated === undefined) return resource;
    const previous = resource.previous_attributes as Json;
    const rendered = downgrade(previous, updated);
    return rendered === previous ? resource : { ...resource, previous_attributes: rendered };
  }) as T;
}

/**
 * The `object` a JSON Schema describes (its `object` property's const), if any; for the schema of an
 * update's `previous_attributes` (some fields of a resource), the resource it names by
 * `x-previous-attributes-of`.
 */
function objectOfSchema(schema: Json): string | undefined {
  const object = (schema.properties as Json | undefined)?.object as Json | undefined;
  if (typeof object?.const === 'string') return object.const;
  const fieldsOf = schema['x-previous-attributes-of'];
  return typeof fieldsOf === 'string' ? fieldsOf : undefined;
}

/**
 * The `schemaDowngrade`s of every version newer than `version`, newest first, as one function of a
 * schema (and its name, for the `namedSchemaDowngrade`s).
 */
function schemaDowngrader(version: string): ((schema: Json, name?: string) => Json) | undefined {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  if (target <= 0) return undefined;
  return (s: Json, name?: string): Json => {
    let out = s;
    for (const entry of VERSIONS.slice(0, target) as readonly VersionEntry[]) {
      const object = objectOfSchema(out);
      const fn = object ? entry.schemaDowngrade?.[object] : undefined;
      if (fn) out = fn(out);
      const named = name === undefined ? undefined : entry.namedSchemaDowngrade?.[name];
      if (named) out = named(out);
    }
    return out;
  };
}

/**
 * Named JSON Schemas (a schema's `$defs`, a document's `components.schemas`) as `version` renders
 * the resources they describe: each one of an object a newer version changed passes through that
 * version's `schemaDowngrade`, newest first (and a part of a resource, by its name, through its
 * `namedSchemaDowngrade`). The published documents of each version
 * (scripts/spec/version-documents.ts) and the event-type catalog (`schemaForVersion`) both come from it.
 */
export function schemasForVersion(schemas: Record<string, Json>, version: string): Record<string, Json> {
  const downgradeOne = schemaDowngrader(version);
  if (!downgradeOne) return schemas;
  return Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, downgradeOne(v, k)]));
}

/**
 * A current-version JSON Schema (with its `$defs`) as `version` renders the resources it
 * describes: each schema of an object a newer version changed passes through that version's
 * `schemaDowngrade`, newest first, as `renderForVersion` does for the resources.
 */
export function schemaForVersion(schema: Json, version: string): Json {
  const downgradeOne = schemaDowngrader(version);
  if (!downgradeOne) return schema;
  const out = { ...downgradeOne(schema) };
  if (out.$defs && typeof out.$defs === 'object') out.$defs = schemasForVersion(out.$defs as Record<string, Json>, version);
  return out;
}

/** The resources whose schema a version newer than `version` changes (the keys of their `schemaDowngrade`s). */
export function objectsChangedAfter(version: string): string[] {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  if (target <= 0) return [];
  return [...new Set((VERSIONS.slice(0, target) as readonly VersionEntry[]).flatMap((e) => Object.keys(e.schemaDowngrade ?? {})))];
}

/**
 * The fields of `object` that a version newer than `version` changes, when every such version names
 * them (`downgradeFields`); undefined when one may change any of its fields.
 */
export function fieldsChangedAfter(version: string, object: string): string[] | undefined {
  const fields: string[] = [];
  for (const entry of entriesNewerThan(version)) {
    if (!entry.downgrade?.[object]) continue;
    const named = entry.downgradeFields?.[object];
    if (!named) return undefined;
    fields.push(...named);
  }
  return fields;
}

/** The versions newer than `version`, newest first (none for the current version or an unknown one). */
function entriesNewerThan(version: string): readonly VersionEntry[] {
  const target = SUPPORTED_VERSIONS.indexOf(version as ApiVersion);
  return target <= 0 ? [] : (VERSIONS.slice(0, target) as readonly VersionEntry[]);
}

/** How an operation differed in `version` and each version after it until the current one: the changes, newest first. */
export function operationChangesAfter(version: string, operationId: string): OperationChange[] {
  return entriesNewerThan(version).flatMap((e) => {
    const change = (e.operations as Record<string, OperationChange> | undefined)?.[operationId];
    return change ? [change] : [];
  });
}

/** Every operation a version newer than `version` changed, by operationId. */
export function operationsChangedAfter(version: string): string[] {
  return [...new Set(entriesNewerThan(version).flatMap((e) => Object.keys(e.operations ?? {})))];
}

/** `names` (this version's -> the previous one's) the other way round. */
const reversed = (names: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));

/**
 * The current name of a query parameter or a body field that a request of `version` sends: the
 * name an older version had becomes the current one, oldest change first; any other name is left.
 */
export function currentRequestName(operationId: string, version: string, where: 'query' | 'body', name: string): string {
  let out = name;
  for (const change of operationChangesAfter(version, operationId).reverse()) out = (change[where] ? reversed(change[where]) : {})[out] ?? out;
  return out;
}

/**
 * A request body of `version` as the current version reads it: its fields an older version named
 * otherwise get their current names (a body that is not an object, or that has none of them, is
 * returned as it was).
 */
export function upgradeRequestBody<B>(operationId: string, version: string, body: B): B {
  if (!isJsonObject(body)) return body;
  const renames: Record<string, string> = {};
  for (const key of Object.keys(body)) {
    const current = currentRequestName(operationId, version, 'body', key);
    if (current !== key) renames[key] = current;
  }
  return Object.keys(renames).length ? (renameKeys(body, renames) as B) : body;
}

/** The name a query parameter or a body field of the current version had in `version` (for its error messages). */
export function requestNameForVersion(operationId: string, version: string, where: 'query' | 'body', name: string): string {
  let out = name;
  for (const change of operationChangesAfter(version, operationId)) out = change[where]?.[out] ?? out;
  return out;
}

/** The path template an operation had in `version` (its current one when no newer version moved it). */
export function pathForVersion(operationId: string, version: string, path: string): string {
  let out = path;
  for (const change of operationChangesAfter(version, operationId)) out = change.path ?? out;
  return out;
}

/** The text of the current documents as the documents of `version` say it (each newer version's `documentText`, newest first). */
export function documentTextForVersion(text: string, version: string): string {
  let out = text;
  for (const entry of entriesNewerThan(version)) out = entry.documentText ? entry.documentText(out) : out;
  return out;
}

/** The query parameters an older `version` defaulted otherwise, with the value it took (the oldest change's). */
export function queryDefaultsForVersion(operationId: string, version: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const change of operationChangesAfter(version, operationId)) Object.assign(out, change.queryDefaults);
  return out;
}

/** The status an answer of the operation has for `version`, and the headers it leaves out there. */
export function statusForVersion(operationId: string, version: string, status: number): { status: number; withoutHeaders: string[] } {
  let out = status;
  const withoutHeaders: string[] = [];
  for (const change of operationChangesAfter(version, operationId)) {
    const was = change.status?.[out];
    if (was === undefined) continue;
    out = was;
    withoutHeaders.push(...(change.withoutHeaders ?? []));
  }
  return { status: out, withoutHeaders };
}
