// What may grow without a new API version (docs/api-versions.md, "What may grow"): the lint rule that
// keeps answers and event payloads open (scripts/spec/growth.ts), and today's schemas accepting the
// answers and payloads of a next release that only adds (a property, a value of a growing enum, an
// event type).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../scripts/spec/json.js';
import { growthProblems } from '../scripts/spec/growth.js';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
const openapi = read('generated/openapi.json');
const asyncapi = read('generated/asyncapi.json');
const copy = <T>(x: T): T => structuredClone(x);
type Schemas = Record<string, JsonObject & { properties: Record<string, JsonObject> }>;
const schemasOf = (doc: JsonObject) => (doc.components as { schemas: Schemas }).schemas;

describe('the growth rule (npm run lint:specs)', () => {
  it("finds nothing in today's documents", () => {
    expect(growthProblems(openapi, asyncapi)).toEqual([]);
  });

  it('fails on additionalProperties: false in a schema only answers use, naming the schema', () => {
    const doc = copy(openapi);
    schemasOf(doc).Order!.additionalProperties = false;
    const problems = growthProblems(doc);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Order: additionalProperties: false in a schema only answers or event payloads use/);
  });

  it('fails on additionalProperties: false in an event payload', () => {
    const events = copy(asyncapi);
    schemasOf(events).OrderCreatedEvent!.additionalProperties = false;
    expect(growthProblems(openapi, events)).toEqual([expect.stringMatching(/^asyncapi: OrderCreatedEvent: additionalProperties: false/)]);
  });

  it('leaves alone what a request uses: its own schemas and the ones it shares with answers', () => {
    const schemas = schemasOf(openapi);
    expect(schemas.OrderCreate!.additionalProperties).toBe(false);
    // PostalAddress is both a request field (CustomerCreate.billing_address) and an answer's.
    expect(schemas.PostalAddress!.additionalProperties).toBe(false);
  });

  it('fails on a growing enum used closed in an answer, naming the enum and the place', () => {
    const doc = copy(openapi);
    schemasOf(doc).AuditLog!.properties.action = { $ref: '#/components/schemas/AuditAction' };
    expect(growthProblems(doc)).toEqual([expect.stringMatching(/^AuditAction \(used at AuditLog\/properties\/action\): an enum marked x-extensible-enum is closed/)]);
  });

  it('fails on an inline growing enum in an answer, and on one closed in an event payload', () => {
    const doc = copy(openapi);
    const error = schemasOf(doc).Error!.properties.error as { properties: Record<string, JsonObject> };
    error.properties.code = { type: 'string', title: 'ErrorCode', 'x-extensible-enum': true, enum: ['invalid_value'] };
    expect(growthProblems(doc)).toEqual([expect.stringMatching(/^ErrorCode \(at Error\/properties\/error\/properties\/code\): an enum marked x-extensible-enum is closed/)]);
    const events = copy(asyncapi);
    schemasOf(events).OrderCreatedEvent!.properties.api_version = { $ref: '#/components/schemas/ApiVersion' };
    expect(growthProblems(openapi, events)).toEqual([expect.stringMatching(/^asyncapi: ApiVersion \(used at OrderCreatedEvent\/properties\/api_version\)/)]);
  });

  it('keeps growing enums closed in requests', () => {
    const body = (openapi.paths as Record<string, Record<string, JsonObject>>)['/v1/api_keys']!.post!;
    expect(JSON.stringify(body.requestBody)).not.toContain('anyOf');
    expect(schemasOf(openapi).Scopes).toMatchObject({ items: { $ref: '#/components/schemas/Scope' } });
  });

  it('catches what the published 2026-12-01 document closed', () => {
    const problems = growthProblems(read('specs/published/2026-12-01.openapi.json'));
    for (const name of ['Error', 'OperationsReport', 'ErrorCode', 'EventType', 'Scope', 'LedgerAccount', 'VettingReason', 'ComplianceAlertKind', 'AuditAction', 'ApiVersion', 'OAuthErrorCode']) {
      expect(problems.some((p) => p.startsWith(`${name} `) || p.startsWith(`${name}:`)), name).toBe(true);
    }
  });
});

describe("today's schemas accept a next release's additions", () => {
  // Today's documents as one schema resource each, so a $ref into them resolves as in a client.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'https://api.example/openapi', components: openapi.components } as object);
  ajv.addSchema({ $id: 'https://api.example/asyncapi', components: asyncapi.components } as object);
  const validator = (doc: 'openapi' | 'asyncapi', name: string) => ajv.compile({ $ref: `https://api.example/${doc}#/components/schemas/${name}` });
  const check = (validate: ReturnType<typeof validator>, value: unknown) => {
    const ok = validate(value);
    return ok ? 'valid' : JSON.stringify(validate.errors);
  };

  const examples = openapi.components as { examples: Record<string, { value: JsonObject }> };
  const order = examples.examples.Order!.value;
  const grownOrder = { ...order, reference_note: 'Gate code 4411' };
  const getOrder = (openapi.paths as Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: JsonObject }> }> }>>)['/v1/orders/{order_id}']!.get!;

  it("getOrder's answer with a new property", () => {
    const validate = ajv.compile({ $ref: 'https://api.example/openapi#/components/schemas/Order' });
    expect(getOrder.responses['200']!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Order' });
    expect(check(validate, order)).toBe('valid');
    expect(check(validate, grownOrder)).toBe('valid');
  });

  it('an error with a code added since, and a property added to the envelope', () => {
    const validate = validator('openapi', 'Error');
    const error = { error: { type: 'invalid_request_error', code: 'order_on_hold', message: 'The order is on hold.', request_id: 'req_01JF3QB2X4Y6Z8A0C2E4G6J8K0', doc_url: 'https://example.com' } };
    expect(check(validate, error)).toBe('valid');
    // The type stays closed: it is what a client handles an unknown code by.
    expect(check(validate, { error: { ...error.error, type: 'new_error' } })).not.toBe('valid');
  });

  const event = {
    id: 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4',
    object: 'event',
    livemode: true,
    type: 'order.created',
    api_version: '2026-12-01',
    created: 1764547200,
    request_id: null,
    sequence: 1,
    previous_event_id: null,
    request: null,
    data: order,
  };

  it('an event payload with a new property, a new field of its object and an API version added since', () => {
    const validate = validator('asyncapi', 'OrderCreatedEvent');
    expect(check(validate, event)).toBe('valid');
    expect(check(validate, { ...event, api_version: '2027-06-01', attempt: 2, data: grownOrder })).toBe('valid');
  });

  it('an event of a type added since, read as the envelope every event has', () => {
    const validate = validator('asyncapi', 'EventEnvelope');
    expect(check(validate, event)).toBe('valid');
    expect(check(validate, { ...event, type: 'order.on_hold', data: { id: order.id, object: 'order', hold_reason: 'customer' } })).toBe('valid');
  });

});
