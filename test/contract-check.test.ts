// The contract check itself (test/support/contract-check.ts), on answers made from the documents'
// own examples: each version's answer against the document that version serves, the mismatch named
// by operation, version, status and path; the receivers' checks of deliveries; a test's own release.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAnswer, checkDelivery, contractCheckEnabled, ContractMismatch, registerDocuments } from './support/contract-check.js';

type Json = Record<string, any>;

const read = (file: string): Json => JSON.parse(readFileSync(new URL(`../generated/${file}`, import.meta.url), 'utf8')) as Json;
const current = read('openapi.json');
const preview = read('versions/2026-01-15/openapi.json');
const example = (doc: Json, name: string): Json => structuredClone(doc.components.examples[name].value) as Json;

const URL_ORDER = 'http://127.0.0.1:1/v1/orders/ord_01JF3QD6F8H0J2K4M6N8P0Q2R4';
const headers = (version: string) =>
  new Headers({ 'Content-Type': 'application/json', 'Request-Id': 'req_1', 'Service-Version': version, 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '199', 'X-RateLimit-Reset': '1' });
const answer = (body: Json, version: string, status = 200) => ({ status, headers: headers(version), text: JSON.stringify(body), body });
const mismatch = (fn: () => void): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ContractMismatch) return err.message;
    throw err;
  }
  return '';
};

describe.skipIf(!contractCheckEnabled())('checkAnswer', () => {
  it("checks an answer against its version's document: the current one, and the one an older version serves", () => {
    const order = example(current, 'Order');
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, answer(order, '2026-12-01')))).toBe('');
    const previewOrder = example(preview, 'Order');
    expect(previewOrder).toHaveProperty('origin');
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, answer(previewOrder, '2026-01-15')))).toBe('');
    // The current shape in the preview version is not what that version's document says.
    const wrong = mismatch(() => checkAnswer('GET', URL_ORDER, answer(order, '2026-01-15')));
    expect(wrong).toContain('getOrder (GET /v1/orders/{order_id}) in version 2026-01-15 answered 200');
  });

  it('names the operation, version, status and the JSON path of the first problem; a missing required header too', () => {
    const order = { ...example(current, 'Order'), price: 'a lot' };
    const message = mismatch(() => checkAnswer('GET', URL_ORDER, answer(order, '2026-12-01')));
    expect(message).toContain('getOrder (GET /v1/orders/{order_id}) in version 2026-12-01 answered 200: /price');
    const bare = { ...answer(example(current, 'Order'), '2026-12-01'), headers: new Headers({ 'Content-Type': 'application/json', 'Service-Version': '2026-12-01' }) };
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, bare))).toMatch(/the required header \S+ is missing/);
  });

  it('reads an answer with a property it does not know as valid (answers are open), and a status it does not document as a mismatch', () => {
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, answer({ ...example(current, 'Order'), added_later: true }, '2026-12-01')))).toBe('');
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, answer({}, '2026-12-01', 418)))).toContain('status 418 is not documented');
  });

  it("checks against a release a test registers (the next additive one) when asked", () => {
    const grown = structuredClone(current);
    grown.components.schemas.Order.required.push('route_miles');
    registerDocuments('a stricter release', grown, read('asyncapi.json'));
    const order = example(current, 'Order');
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, answer(order, '2026-12-01')))).toBe('');
    expect(mismatch(() => checkAnswer('GET', URL_ORDER, answer(order, '2026-12-01'), { document: 'a stricter release' }))).toContain("must have required property 'route_miles'");
  });
});

describe.skipIf(!contractCheckEnabled())('checkDelivery', () => {
  const event = (data: Json, version = '2026-12-01') =>
    JSON.stringify({ id: 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4', object: 'event', livemode: true, type: 'order.created', api_version: version, created: 1_780_000_000, request_id: null, sequence: 1, previous_event_id: null, request: null, data });

  it("checks a delivery against its version's AsyncAPI document, and names the type, version and path of a mismatch", () => {
    expect(checkDelivery(event(example(current, 'Order')))).toBeNull();
    expect(checkDelivery(event(example(preview, 'Order'), '2026-01-15'))).toBeNull();
    expect(checkDelivery(event({ ...example(current, 'Order'), price: 'a lot' }))).toMatch(/the order.created event delivered in version 2026-12-01 does not match its payload schema: \/data\/price/);
  });

  it('leaves what is not an event envelope alone', () => {
    expect(checkDelivery('not JSON')).toBeNull();
    expect(checkDelivery('{"hello":"world"}')).toBeNull();
  });
});
