// API versions (API-DESIGN, "Versions"): 2027-01-15 (current) renamed fields to the house style,
// answers some actions with objects instead of lists and answers two creates 201 (what 2026-12-01
// callers send and read is upgraded and rendered back); 2026-12-01 added the `returned` payment status,
// which 2026-07-01 reads as `failed`; 2026-07-01 renamed the order's stops to pickup and delivery, and
// a key pinned to 2026-01-15 gets them as origin and destination, in every resource of a body (lists,
// nested objects), while an event keeps the version it was rendered for.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  CURRENT_VERSION,
  currentRequestName,
  documentTextForVersion,
  fieldsChangedAfter,
  isSupportedVersion,
  pathForVersion,
  pdfUrlBefore2027_01,
  queryDefaultsForVersion,
  objectsChangedAfter,
  operationChangesAfter,
  operationsChangedAfter,
  renderForVersion,
  requestNameForVersion,
  schemaForVersion,
  schemasForVersion,
  statusForVersion,
  SUPPORTED_VERSIONS,
  upgradeRequestBody,
  VERSIONS,
} from '../../src/shared/versions.js';

const order = (id: string) => ({ id, object: 'order', pickup: { city: 'Austin' }, delivery: { city: 'Denver' }, status: 'pending' });
const old = (id: string) => ({ id, object: 'order', origin: { city: 'Austin' }, destination: { city: 'Denver' }, status: 'pending' });

describe('supported versions', () => {
  it('are 2027-01-15 (current), 2026-12-01, 2026-07-01 and 2026-01-15, newest first', () => {
    expect(SUPPORTED_VERSIONS).toEqual(['2027-01-15', '2026-12-01', '2026-07-01', '2026-01-15']);
    expect(CURRENT_VERSION).toBe('2027-01-15');
    expect(VERSIONS.map((v) => v.version)).toEqual(['2027-01-15', '2026-12-01', '2026-07-01', '2026-01-15']);
  });
  it('are recognised, and nothing else', () => {
    expect(isSupportedVersion('2027-01-15')).toBe(true);
    expect(isSupportedVersion('2026-12-01')).toBe(true);
    expect(isSupportedVersion('2026-07-01')).toBe(true);
    expect(isSupportedVersion('2026-01-15')).toBe(true);
    expect(isSupportedVersion('2025-01-01')).toBe(false);
    expect(isSupportedVersion('')).toBe(false);
  });
});

describe('renderForVersion', () => {
  it('leaves the current version’s body as it is', () => {
    const body = order('ord_1');
    expect(renderForVersion(body, '2026-12-01')).toBe(body);
  });
  it('reads a returned payment as failed for 2026-07-01 and 2026-01-15, its return reason as the failure reason', () => {
    const returned = { id: 'pay_1', object: 'payment', status: 'returned', failure_reason: null, returned_at: 5, return_reason: 'R01', amount: 10 };
    const downgraded = { ...returned, status: 'failed', failure_reason: 'R01' };
    expect(renderForVersion(returned, '2026-12-01')).toBe(returned);
    expect(renderForVersion(returned, '2026-07-01')).toEqual(downgraded);
    expect(renderForVersion({ object: 'list', data: [returned] }, '2026-01-15')).toEqual({ object: 'list', data: [downgraded] });
    // Keys in the same order; payments that were not returned, and other resources with a `returned` status, unchanged.
    expect(Object.keys(renderForVersion(returned, '2026-07-01'))).toEqual(Object.keys(returned));
    for (const status of ['succeeded', 'failed']) {
      const p = { ...returned, status, returned_at: null, return_reason: null };
      expect(renderForVersion(p, '2026-07-01')).toEqual(p);
    }
    const other = { object: 'shipment', status: 'returned', return_reason: 'x', failure_reason: null };
    expect(renderForVersion(other, '2026-07-01')).toEqual(other);
  });
  it('leaves a body for an unknown version as it is', () => {
    const body = order('ord_1');
    expect(renderForVersion(body, '2020-01-01')).toBe(body);
    expect(renderForVersion(body, '')).toBe(body);
  });
  it('names an order’s stops origin and destination for 2026-01-15, keeping the order of fields', () => {
    const out = renderForVersion(order('ord_1'), '2026-01-15');
    expect(out).toEqual(old('ord_1'));
    expect(Object.keys(out)).toEqual(['id', 'object', 'origin', 'destination', 'status']);
  });
  it('renames in every order of a list', () => {
    const page = { object: 'list', data: [order('ord_1'), order('ord_2')], has_more: false, url: '/v1/orders' };
    expect(renderForVersion(page, '2026-01-15')).toEqual({ object: 'list', data: [old('ord_1'), old('ord_2')], has_more: false, url: '/v1/orders' });
  });
  it('renames in an order nested in another resource or in a plain object', () => {
    const body = { object: 'invoice', id: 'inv_1', lines: [{ order: order('ord_1') }], meta: { order: order('ord_2') } };
    expect(renderForVersion(body, '2026-01-15')).toEqual({ object: 'invoice', id: 'inv_1', lines: [{ order: old('ord_1') }], meta: { order: old('ord_2') } });
  });
  it('leaves other resources, plain values and null alone', () => {
    const carrier = { object: 'carrier', id: 'car_1', pickup: 'kept', delivery: 'kept', note: null, count: 3, tags: ['a', 'b'] };
    expect(renderForVersion(carrier, '2026-01-15')).toEqual(carrier);
    expect(renderForVersion({ pickup: 1, delivery: 2 }, '2026-01-15')).toEqual({ pickup: 1, delivery: 2 });
    expect(renderForVersion({ object: ['order'], pickup: 1 }, '2026-01-15')).toEqual({ object: ['order'], pickup: 1 });
    expect(renderForVersion(null, '2026-01-15')).toBeNull();
    expect(renderForVersion('order', '2026-01-15')).toBe('order');
    expect(renderForVersion(7, '2026-01-15')).toBe(7);
    expect(renderForVersion([order('ord_1'), null, 'x'], '2026-01-15')).toEqual([old('ord_1'), null, 'x']);
  });
  it('leaves an event as it is, with the order inside it (it was rendered for its own version)', () => {
    const event = { object: 'event', id: 'evt_1', api_version: '2026-07-01', data: { object: order('ord_1') } };
    expect(renderForVersion(event, '2026-01-15')).toEqual(event);
    const page = { object: 'list', data: [event] };
    expect(renderForVersion(page, '2026-01-15')).toEqual(page);
  });
  it('returns what it leaves as it was without copying it: the same body when nothing changes, the same parts beside a change', () => {
    const customer = { object: 'customer', id: 'cus_1', address: { city: 'Austin' }, tags: ['a', { b: 1 }], note: null };
    const nothing = { object: 'list', data: [customer, { object: 'payment', status: 'succeeded' }], has_more: false };
    expect(renderForVersion(nothing, '2026-01-15')).toBe(nothing);
    expect(renderForVersion(nothing, '2026-07-01')).toBe(nothing);
    const mixed = { object: 'list', data: [customer, order('ord_1'), 7, null], meta: { count: 2 } };
    const out = renderForVersion(mixed, '2026-01-15') as typeof mixed;
    expect(out).not.toBe(mixed);
    expect(out.data).not.toBe(mixed.data);
    expect(out.data[0]).toBe(customer);
    expect(out.data[1]).toEqual(old('ord_1'));
    expect(out.data.slice(2)).toEqual([7, null]);
    expect(out.meta).toBe(mixed.meta);
    expect(mixed.data[1]).toEqual(order('ord_1'));
  });
  it('renders plain values and null for an older version as they are', () => {
    for (const v of ['2026-07-01', '2026-01-15']) {
      expect(renderForVersion(null, v)).toBeNull();
      expect(renderForVersion('payment', v)).toBe('payment');
      expect(renderForVersion({ object: 'payment', status: 'returned', note: null, n: 1 }, v)).toEqual({ object: 'payment', status: 'failed', failure_reason: undefined, note: null, n: 1 });
    }
  });
  it('applies every newer version’s downgrade to each resource, newest first, in one body', () => {
    const returned = { object: 'payment', status: 'returned', return_reason: 'R03', failure_reason: null };
    const body = { object: 'list', data: [order('ord_1'), returned] };
    expect(renderForVersion(body, '2026-01-15')).toEqual({ object: 'list', data: [old('ord_1'), { ...returned, status: 'failed', failure_reason: 'R03' }] });
    expect(renderForVersion(body, '2026-07-01')).toEqual({ object: 'list', data: [order('ord_1'), { ...returned, status: 'failed', failure_reason: 'R03' }] });
  });
  it('does not change the body it was given', () => {
    const body = order('ord_1');
    renderForVersion(body, '2026-01-15');
    expect(body).toEqual(order('ord_1'));
  });

  describe("an update's data ({object, previous_attributes}, as Stripe shapes it)", () => {
    const update = (previous: Record<string, unknown>) => ({ object: order('ord_1'), previous_attributes: previous });

    it('renders previous_attributes as fields of the resource in `object`: the old stops as origin and destination for 2026-01-15', () => {
      expect(renderForVersion(update({ pickup: { city: 'Dallas' }, ready_date: '2026-12-01' }), '2026-01-15')).toEqual({
        object: old('ord_1'),
        previous_attributes: { origin: { city: 'Dallas' }, ready_date: '2026-12-01' },
      });
      expect(renderForVersion(update({ delivery: { city: 'Reno' } }), '2026-01-15')).toEqual({ object: old('ord_1'), previous_attributes: { destination: { city: 'Reno' } } });
    });

    it('by the downgrade of that resource and of every newer version: a returned payment status reads as failed for 2026-07-01', () => {
      const payment = { object: 'payment', id: 'pay_1', status: 'failed', failure_reason: 'R03' };
      const out = renderForVersion({ object: payment, previous_attributes: { status: 'returned', return_reason: 'R03' } }, '2026-07-01');
      expect(out).toEqual({ object: payment, previous_attributes: { status: 'failed', failure_reason: 'R03', return_reason: 'R03' } });
    });

    it('leaves it as it was, the same object, when no downgrade changes it (another resource, the current version, fields not renamed)', () => {
      const customer = { object: { object: 'customer', id: 'cus_1', name: 'New' }, previous_attributes: { name: 'Old', pickup: 'not a stop of an order' } };
      expect(renderForVersion(customer, '2026-01-15')).toBe(customer);
      const current = update({ pickup: { city: 'Dallas' } });
      expect(renderForVersion(current, '2026-12-01')).toBe(current);
      const unchanged = { object: order('ord_1'), previous_attributes: { price: 100 } };
      expect(renderForVersion(unchanged, '2026-01-15')).toEqual({ object: old('ord_1'), previous_attributes: { price: 100 } });
    });

    it('is only an object whose `object` is a resource (an object with a string `object`) beside an object of previous_attributes', () => {
      const notUpdates = [
        { object: order('ord_1'), previous_attributes: null, pickup: 1 },
        { object: order('ord_1'), previous_attributes: 'pickup', pickup: 1 },
        { object: order('ord_1'), previous_attributes: ['pickup'], pickup: 1 },
        { object: { id: 'x', kind: 'order' }, previous_attributes: { pickup: 1 } },
        // An `object` that is not a string names no resource, even one that reads as `order` as a key.
        { object: { id: 'x', object: ['order'] }, previous_attributes: { pickup: 1 } },
        { object: null, previous_attributes: { pickup: 1 } },
        { object: [order('ord_1')], previous_attributes: { pickup: 1 } },
        { object: order('ord_1'), pickup: 1 },
      ];
      for (const body of notUpdates) {
        const out = renderForVersion(body, '2026-01-15') as Record<string, unknown>;
        expect(Object.keys(out)).toEqual(Object.keys(body));
        expect(out.previous_attributes).toEqual((body as Record<string, unknown>).previous_attributes);
        expect(out.pickup).toEqual((body as Record<string, unknown>).pickup);
      }
    });

    it('does not change the data it was given', () => {
      const body = update({ pickup: { city: 'Dallas' } });
      renderForVersion(body, '2026-01-15');
      expect(body).toEqual(update({ pickup: { city: 'Dallas' } }));
    });
  });
});

describe('schemaForVersion: the JSON Schema of what renderForVersion renders', () => {
  const orderSchema = {
    type: 'object',
    required: ['id', 'object', 'pickup', 'delivery'],
    properties: { id: { type: 'string' }, object: { const: 'order' }, pickup: { $ref: '#/$defs/Stop' }, delivery: { $ref: '#/$defs/Stop' }, status: { type: 'string' } },
  };
  const envelope = {
    type: 'object',
    properties: { object: { const: 'event' }, data: { $ref: '#/$defs/Order' } },
    $defs: { Order: orderSchema, Stop: { type: 'object', properties: { city: { type: 'string' } } }, Id: { type: 'string' } },
  };

  it("renames the stops in the schema of an order update's previous_attributes (x-previous-attributes-of: order) for 2026-01-15, and leaves the others' as they are", () => {
    const previous = { type: 'object', 'x-previous-attributes-of': 'order', properties: { pickup: { $ref: '#/$defs/Stop' }, price: { type: 'integer' } } };
    expect(schemaForVersion(previous, '2026-01-15')).toEqual({ ...previous, properties: { origin: { $ref: '#/$defs/Stop' }, price: { type: 'integer' } } });
    expect(schemaForVersion(previous, '2026-07-01')).toEqual(previous);
    const ofCustomer = { ...previous, 'x-previous-attributes-of': 'customer' };
    expect(schemaForVersion(ofCustomer, '2026-01-15')).toEqual(ofCustomer);
    for (const notNamed of [7, ['order']]) {
      const schema = { ...previous, 'x-previous-attributes-of': notNamed };
      expect(schemaForVersion(schema, '2026-01-15')).toEqual(schema);
    }
    expect(objectsChangedAfter('2026-01-15')).toContain('order');
  });

  it('is the same schema for the current version and for an unknown one', () => {
    expect(schemaForVersion(envelope, CURRENT_VERSION)).toBe(envelope);
    expect(schemaForVersion(envelope, '1999-01-01')).toBe(envelope);
  });

  it('renames the order’s stops for 2026-01-15, in its properties and its required list, wherever the order schema is', () => {
    const out = schemaForVersion(envelope, '2026-01-15') as typeof envelope;
    const order = out.$defs.Order as unknown as typeof orderSchema & { properties: Record<string, unknown> };
    expect(Object.keys(order.properties)).toEqual(['id', 'object', 'origin', 'destination', 'status']);
    expect(order.required).toEqual(['id', 'object', 'origin', 'destination']);
    expect(order.type).toBe('object');
    expect(out.$defs.Stop).toBe(envelope.$defs.Stop);
    expect(out.$defs.Id).toBe(envelope.$defs.Id);
    expect(out.properties).toBe(envelope.properties);
    // The current catalog's schema is untouched.
    expect(Object.keys(envelope.$defs.Order.properties)).toContain('pickup');
    // An order schema at the root too; one without a required list keeps none.
    const root = schemaForVersion({ properties: { object: { const: 'order' }, pickup: {} } }, '2026-01-15');
    expect(root).toEqual({ properties: { object: { const: 'order' }, origin: {} } });
    expect(schemaForVersion({ type: 'string' }, '2026-01-15')).toEqual({ type: 'string' });
    expect(schemaForVersion({ properties: { object: { type: 'string' }, pickup: {} } }, '2026-01-15')).toEqual({ properties: { object: { type: 'string' }, pickup: {} } });
  });

  it('gives the payment of 2026-07-01 and earlier the statuses it had then (succeeded, failed), which a downgraded returned payment meets', () => {
    const doc = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const current = doc.components.schemas.Payment!;
    expect(schemaForVersion(current as never, CURRENT_VERSION)).toBe(current);
    expect(schemaForVersion(current as never, '2026-12-01')).toEqual(current);
    for (const v of ['2026-07-01', '2026-01-15']) {
      const described = schemaForVersion(current as never, v) as { properties: Record<string, { enum?: string[] }> };
      expect(described.properties.status!.enum).toEqual(['succeeded', 'failed']);
      expect(Object.keys(described.properties)).toEqual(Object.keys(current.properties));
      expect(described.properties.status!.enum).toContain((renderForVersion({ object: 'payment', status: 'returned', return_reason: 'R01' }, v) as { status: string }).status);
    }
  });

  it('gives the payment schema of 2026-07-01 exactly that version’s status, and leaves a payment schema with no status as it is', () => {
    const down = (VERSIONS[1] as { schemaDowngrade: { payment: (s: Record<string, unknown>) => Record<string, unknown> } }).schemaDowngrade.payment;
    const current = { type: 'object', properties: { object: { const: 'payment' }, status: { $ref: '#/$defs/PaymentStatus' }, amount: { type: 'integer' } } };
    expect(down(current)).toEqual({
      type: 'object',
      properties: { object: { const: 'payment' }, status: { type: 'string', title: 'PaymentStatus', description: 'The outcome of a payment.', enum: ['succeeded', 'failed'] }, amount: { type: 'integer' } },
    });
    const noStatus = { properties: { object: { const: 'payment' } } };
    expect(down(noStatus)).toBe(noStatus);
    expect(down({})).toEqual({});
  });

  it('covers every resource a version downgrades, and agrees with it on the published Order', () => {
    for (const v of VERSIONS as readonly { downgrade?: object; schemaDowngrade?: object }[]) {
      expect(Object.keys(v.schemaDowngrade ?? {}).sort()).toEqual(Object.keys(v.downgrade ?? {}).sort());
    }
    const doc = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const published = doc.components.schemas.Order!;
    const sample = Object.fromEntries(Object.keys(published.properties).map((k) => [k, k === 'object' ? 'order' : null]));
    const rendered = renderForVersion(sample, '2026-01-15');
    const described = schemaForVersion(published as never, '2026-01-15') as { properties: Record<string, unknown> };
    expect(Object.keys(described.properties)).toEqual(Object.keys(rendered));
  });
});

describe('schemasForVersion: a document\'s named schemas as a version renders them', () => {
  const schemas = {
    Order: { type: 'object', required: ['object', 'pickup'], properties: { object: { const: 'order' }, pickup: { type: 'string' } } },
    Payment: { type: 'object', properties: { object: { const: 'payment' }, status: { $ref: '#/components/schemas/PaymentStatus' } } },
    PaymentStatus: { type: 'string', enum: ['succeeded', 'failed', 'returned'] },
  };

  it('is the same map for the current version and for an unknown one', () => {
    expect(schemasForVersion(schemas, CURRENT_VERSION)).toBe(schemas);
    expect(schemasForVersion(schemas, '1999-01-01')).toBe(schemas);
  });

  it('passes each schema through every newer version\'s schemaDowngrade, by its object, and leaves the others as they are', () => {
    const july = schemasForVersion(schemas, '2026-07-01') as Record<string, any>;
    expect(july.Order).toBe(schemas.Order);
    expect(july.Payment.properties.status.enum).toEqual(['succeeded', 'failed']);
    expect(july.PaymentStatus).toBe(schemas.PaymentStatus);
    const preview = schemasForVersion(schemas, '2026-01-15') as Record<string, any>;
    expect(preview.Order).toEqual({ type: 'object', required: ['object', 'origin'], properties: { object: { const: 'order' }, origin: { type: 'string' } } });
    expect(preview.Payment.properties.status.enum).toEqual(['succeeded', 'failed']);
    expect(Object.keys(preview)).toEqual(['Order', 'Payment', 'PaymentStatus']);
    expect(schemas.Order.properties).toHaveProperty('pickup');
  });

  it('names the resources a newer version changes', () => {
    expect(objectsChangedAfter(CURRENT_VERSION)).toEqual([]);
    expect(objectsChangedAfter('1999-01-01')).toEqual([]);
    const of2027 = ['webhook_delivery', 'webhook_recovery', 'event_replay', 'letters_mailed', 'webhook_listen_batch', 'operations_report', 'receivables_aging_report', 'carrier', 'compliance_alert', 'invoice', 'carrier_payment', 'message'];
    expect(objectsChangedAfter('2026-12-01')).toEqual(of2027);
    expect(objectsChangedAfter('2026-07-01')).toEqual([...of2027, 'payment']);
    expect(objectsChangedAfter('2026-01-15')).toEqual([...of2027, 'payment', 'order']);
  });
});

describe('2027-01-15: what a caller pinned to 2026-12-01 keeps', () => {
  const delivery = { id: 'whd_1', object: 'webhook_delivery', event_id: 'evt_1', webhook_endpoint_id: 'we_1', status: 'pending' };
  const oldDelivery = { id: 'whd_1', object: 'webhook_delivery', event_id: 'evt_1', endpoint_id: 'we_1', status: 'pending' };

  it('names the endpoint of a delivery and a recovery endpoint_id, in the same place, for 2026-12-01 and older; the current version keeps webhook_endpoint_id', () => {
    for (const v of ['2026-12-01', '2026-07-01', '2026-01-15']) {
      const out = renderForVersion(delivery, v);
      expect(out).toEqual(oldDelivery);
      expect(Object.keys(out)).toEqual(Object.keys(oldDelivery));
      expect(renderForVersion({ object: 'webhook_recovery', webhook_endpoint_id: 'we_1', requeued: 2 }, v)).toEqual({ object: 'webhook_recovery', endpoint_id: 'we_1', requeued: 2 });
    }
    expect(renderForVersion(delivery, CURRENT_VERSION)).toBe(delivery);
  });

  it('answers a replay, mark_mailed and a listener poll as the lists they were (their items rendered too)', () => {
    expect(renderForVersion({ object: 'event_replay', event_id: 'evt_1', deliveries: [delivery] }, '2026-12-01')).toEqual({ object: 'list', data: [oldDelivery], has_more: false, next_cursor: null });
    const message = { id: 'msg_1', object: 'message', status: 'sent' };
    expect(renderForVersion({ object: 'letters_mailed', messages: [message] }, '2026-12-01')).toEqual({ object: 'list', data: [message], has_more: false, next_cursor: null });
    expect(renderForVersion({ object: 'webhook_listen_batch', deliveries: [{ id: 'whd_1', payload: '{}' }] }, '2026-12-01')).toEqual({ object: 'list', data: [{ id: 'whd_1', payload: '{}' }] });
    expect(renderForVersion({ object: 'webhook_listen_batch', deliveries: [] }, '2026-01-15')).toEqual({ object: 'list', data: [] });
  });

  it('counts the orders of the operations report as `created` (totals and every row) and dates the aging report `as_of`', () => {
    const figures = { orders_created: 3, dispatched: 2 };
    const report = { object: 'operations_report', interval: 'day', rows: [{ period_start: '2026-12-01', ...figures }, 'not a row'], totals: figures };
    const out = renderForVersion(report, '2026-12-01') as { rows: unknown[]; totals: Record<string, number> };
    expect(out).toEqual({ object: 'operations_report', interval: 'day', rows: [{ period_start: '2026-12-01', created: 3, dispatched: 2 }, 'not a row'], totals: { created: 3, dispatched: 2 } });
    expect(Object.keys(out.totals)).toEqual(['created', 'dispatched']);
    // A report with neither rows nor totals (some of its fields, in previous_attributes) is left as it is.
    expect(renderForVersion({ object: 'operations_report', interval: 'week' }, '2026-12-01')).toEqual({ object: 'operations_report', interval: 'week' });
    expect(renderForVersion({ object: 'operations_report', rows: 'x', totals: null }, '2026-12-01')).toEqual({ object: 'operations_report', rows: 'x', totals: null });
    expect(renderForVersion({ object: 'receivables_aging_report', as_of_date: '2026-12-31', currency: 'usd' }, '2026-12-01')).toEqual({ object: 'receivables_aging_report', as_of: '2026-12-31', currency: 'usd' });
  });

  it('names a carrier\'s expiry dates `*_expires_on` and an alert\'s `expired_on` for 2026-12-01, in the resource, an update\'s previous_attributes and a request', () => {
    const carrier = { id: 'car_1', object: 'carrier', insurance_expiry_date: '2027-06-30', bond_expiry_date: null, process_agent_expiry_date: '2027-01-01', status: 'active' };
    expect(renderForVersion(carrier, '2026-12-01')).toEqual({ id: 'car_1', object: 'carrier', insurance_expires_on: '2027-06-30', bond_expires_on: null, process_agent_expires_on: '2027-01-01', status: 'active' });
    expect(renderForVersion({ object: carrier, previous_attributes: { bond_expiry_date: '2026-01-01' } }, '2026-12-01')).toEqual({
      object: renderForVersion(carrier, '2026-12-01'),
      previous_attributes: { bond_expires_on: '2026-01-01' },
    });
    expect(renderForVersion({ object: 'compliance_alert', expiry_date: '2026-11-10', kind: 'bond' }, '2026-07-01')).toEqual({ object: 'compliance_alert', expired_on: '2026-11-10', kind: 'bond' });
    expect(upgradeRequestBody('updateCarrier', '2026-12-01', { insurance_expires_on: null, contact_name: 'x' })).toEqual({ insurance_expiry_date: null, contact_name: 'x' });
    const alert = schemasForVersion({ A: { description: 'Lapsed: `expiry_date` is the day.', required: ['expiry_date'], properties: { object: { const: 'compliance_alert' }, expiry_date: {} } }, B: { properties: { object: { const: 'compliance_alert' } } } }, '2026-12-01') as Record<string, any>;
    expect(alert.A).toEqual({ description: 'Lapsed: `expired_on` is the day.', required: ['expired_on'], properties: { object: { const: 'compliance_alert' }, expired_on: {} } });
    expect(alert.B).toEqual({ properties: { object: { const: 'compliance_alert' } } });
    expect(alert.B).not.toHaveProperty('description');
  });

  it('addresses a PDF at `/pdf` (an invoice, a carrier payment) or by its index alone (an attachment) for 2026-12-01, in URL fields, paths and text', () => {
    expect(renderForVersion({ object: 'invoice', id: 'inv_1', invoice_pdf: '/v1/invoices/inv_1.pdf' }, '2026-12-01')).toEqual({ object: 'invoice', id: 'inv_1', invoice_pdf: '/v1/invoices/inv_1/pdf' });
    expect(renderForVersion({ object: 'invoice', invoice_pdf: null }, '2026-12-01')).toEqual({ object: 'invoice', invoice_pdf: null });
    expect(renderForVersion({ object: 'carrier_payment', remittance_pdf: '/v1/carrier_payments/cpy_1.pdf' }, '2026-07-01')).toEqual({ object: 'carrier_payment', remittance_pdf: '/v1/carrier_payments/cpy_1/pdf' });
    const message = { object: 'message', attachments: [{ filename: 'a.pdf', url: '/v1/messages/msg_1/attachments/0.pdf' }, 'x', { url: 7 }] };
    expect(renderForVersion(message, '2026-12-01')).toEqual({ object: 'message', attachments: [{ filename: 'a.pdf', url: '/v1/messages/msg_1/attachments/0' }, 'x', { url: 7 }] });
    expect(renderForVersion({ object: 'message', attachments: null }, '2026-12-01')).toEqual({ object: 'message', attachments: null });
    expect(renderForVersion(message, CURRENT_VERSION)).toBe(message);
    expect(pathForVersion('getInvoicePdf', '2026-12-01', '/v1/invoices/{invoice_id}.pdf')).toBe('/v1/invoices/{invoice_id}/pdf');
    expect(pathForVersion('getMessageAttachment', '2026-01-15', '/v1/messages/{message_id}/attachments/{attachment_index}.pdf')).toBe('/v1/messages/{message_id}/attachments/{attachment_index}');
    expect(pathForVersion('getInvoicePdf', CURRENT_VERSION, '/v1/invoices/{invoice_id}.pdf')).toBe('/v1/invoices/{invoice_id}.pdf');
    expect(pathForVersion('createTestClock', '2026-12-01', '/v1/test_helpers/test_clocks')).toBe('/v1/test_helpers/test_clocks');
    const text = 'GET `/v1/invoices/{id}.pdf`, /v1/carrier_payments/cpy_1.pdf, (`GET /v1/messages/{id}/attachments/{index}.pdf`) and /v1/orders/{id}/rate_confirmation.pdf, /v1/print_queue/letters.pdf';
    const was = 'GET `/v1/invoices/{id}/pdf`, /v1/carrier_payments/cpy_1/pdf, (`GET /v1/messages/{id}/attachments/{index}`) and /v1/orders/{id}/rate_confirmation.pdf, /v1/print_queue/letters.pdf';
    expect(pdfUrlBefore2027_01(text)).toBe(was);
    expect(documentTextForVersion(text, '2026-12-01')).toBe(was);
    expect(documentTextForVersion(text, '2026-01-15')).toBe(was);
    expect(documentTextForVersion(text, CURRENT_VERSION)).toBe(text);
    expect(fieldsChangedAfter('2026-12-01', 'invoice')).toEqual(['invoice_pdf']);
    expect(fieldsChangedAfter('2026-12-01', 'carrier')).toBeUndefined();
    expect(fieldsChangedAfter('2026-12-01', 'order')).toEqual([]);
    expect(fieldsChangedAfter(CURRENT_VERSION, 'invoice')).toEqual([]);
  });

  it('describes each of them as 2026-12-01 published it', () => {
    const schemas = {
      WebhookDelivery: { type: 'object', required: ['object', 'webhook_endpoint_id'], properties: { object: { const: 'webhook_delivery' }, webhook_endpoint_id: { type: 'string' } } },
      EventReplayResult: { type: 'object', properties: { object: { const: 'event_replay' }, deliveries: { type: 'array' } } },
      LettersMailedResult: { type: 'object', properties: { object: { const: 'letters_mailed' }, messages: { type: 'array' } } },
      WebhookListenBatch: { type: 'object', title: 'WebhookListenBatch', properties: { object: { const: 'webhook_listen_batch' }, deliveries: { type: 'array', items: { $ref: '#/components/schemas/WebhookListenDelivery' } } } },
      OperationsFigures: { type: 'object', required: ['orders_created'], properties: { orders_created: { type: 'integer' } } },
      OperationsRow: { type: 'object', required: ['period_start', 'orders_created'], properties: { period_start: {}, orders_created: { type: 'integer' } } },
      OtherFigures: { type: 'object', properties: { orders_created: { type: 'integer' } } },
      OperationsReport: { type: 'object', properties: { object: { const: 'operations_report' }, totals: { $ref: '#/components/schemas/OperationsFigures' } } },
    };
    const out = schemasForVersion(schemas, '2026-12-01') as Record<string, any>;
    expect(out.WebhookDelivery).toEqual({ type: 'object', required: ['object', 'endpoint_id'], properties: { object: { const: 'webhook_delivery' }, endpoint_id: { type: 'string' } } });
    expect(out.EventReplayResult).toEqual({ $ref: '#/components/schemas/WebhookDeliveryList' });
    expect(out.LettersMailedResult).toEqual({ $ref: '#/components/schemas/MessageList' });
    expect(out.WebhookListenBatch).toEqual({
      type: 'object',
      title: 'WebhookListenBatch',
      required: ['object', 'data'],
      properties: {
        object: { description: 'Always `list`.', type: 'string', const: 'list' },
        data: { description: "The objects of this page, in the list's order.", type: 'array', items: { $ref: '#/components/schemas/WebhookListenDelivery' } },
      },
      example: { object: 'list', data: [] },
    });
    const list = schemasForVersion({ EventTypeList: { type: 'object', properties: { object: { const: 'list' }, data: {}, total_count: {}, next_cursor: { oneOf: [] } } } }, '2026-12-01') as Record<string, any>;
    expect(list.EventTypeList.properties).toEqual({
      object: { const: 'list' },
      data: {},
      next_cursor: { description: 'The last type of the page (an `EventType`, open as every event type in an answer), null on the last page.', anyOf: [{ $ref: '#/components/schemas/EventType' }, { type: 'string' }, { type: 'null' }] },
    });
    expect(out.OperationsFigures).toEqual({ type: 'object', required: ['created'], properties: { created: { type: 'integer' } } });
    expect(out.OperationsRow.required).toEqual(['period_start', 'created']);
    // Only the named parts of the report: another schema with the same field keeps it.
    expect(out.OtherFigures).toBe(schemas.OtherFigures);
    expect(out.OperationsReport).toEqual(schemas.OperationsReport);
    expect(schemasForVersion(schemas, CURRENT_VERSION)).toBe(schemas);
  });

  it('reads a voided carrier payment as sent for 2026-12-01 and older (its voided_at says it was voided), and publishes its status without voided', () => {
    const voided = { id: 'cpy_1', object: 'carrier_payment', status: 'voided', voided_at: 1_764_000_000, void_reason: 'Recorded twice', remittance_pdf: '/v1/carrier_payments/cpy_1.pdf' };
    expect(renderForVersion(voided, CURRENT_VERSION)).toBe(voided);
    for (const v of ['2026-12-01', '2026-07-01', '2026-01-15']) {
      expect(renderForVersion(voided, v)).toEqual({ ...voided, status: 'sent', remittance_pdf: '/v1/carrier_payments/cpy_1/pdf' });
    }
    const standing = { ...voided, status: 'sent', voided_at: null, void_reason: null };
    expect(renderForVersion(standing, '2026-12-01')).toEqual({ ...standing, remittance_pdf: '/v1/carrier_payments/cpy_1/pdf' });
    expect(fieldsChangedAfter('2026-12-01', 'carrier_payment')).toEqual(['remittance_pdf', 'status']);
    const schemas = { CarrierPaymentStatus: { type: 'string', title: 'CarrierPaymentStatus', description: 'Now.', enum: ['sent', 'voided'], example: 'sent' } };
    const published = JSON.parse(readFileSync('specs/published/2026-12-01.openapi.json', 'utf8')).components.schemas.CarrierPaymentStatus;
    expect(published.enum).toEqual(['sent']);
    const out = schemasForVersion(schemas, '2026-12-01') as Record<string, any>;
    expect(out.CarrierPaymentStatus).toEqual({ type: 'string', title: 'CarrierPaymentStatus', description: expect.stringContaining('stays `sent`'), enum: published.enum, example: 'sent' });
    expect(schemasForVersion(schemas, CURRENT_VERSION)).toBe(schemas);
  });

  it('documents the event-type catalog of 2026-12-01 as it was published: a page of 100 by default, its cursor an event type', () => {
    const published = JSON.parse(readFileSync('specs/published/2026-12-01.openapi.json', 'utf8')).paths['/v1/event_types'].get;
    const [change] = operationChangesAfter('2026-12-01', 'listEventTypes');
    const now = { operationId: 'listEventTypes', summary: 'List event types', description: 'Now.', parameters: [{ $ref: '#/components/parameters/Limit' }], responses: { '200': {} } };
    const was = change!.document!(now);
    expect(was).toEqual({ ...now, description: published.description, parameters: published.parameters });
    expect(published.parameters.map((p: { name: string }) => p.name)).toEqual(['limit', 'cursor']);
  });

  it('answers a create of a test clock or a listener 200 without Location for 2026-12-01 and older, 201 for the current version', () => {
    for (const op of ['createTestClock', 'openWebhookListener']) {
      expect(statusForVersion(op, CURRENT_VERSION, 201)).toEqual({ status: 201, withoutHeaders: [] });
      for (const v of ['2026-12-01', '2026-07-01', '2026-01-15']) expect(statusForVersion(op, v, 201)).toEqual({ status: 200, withoutHeaders: ['Location'] });
      // An error's status is every version's.
      expect(statusForVersion(op, '2026-12-01', 404)).toEqual({ status: 404, withoutHeaders: [] });
    }
    expect(statusForVersion('createCarrier', '2026-12-01', 201)).toEqual({ status: 201, withoutHeaders: [] });
    expect(statusForVersion('createTestClock', '1999-01-01', 201)).toEqual({ status: 201, withoutHeaders: [] });
  });

  it('upgrades the older names a 2026-12-01 request sends, and names them back', () => {
    expect(upgradeRequestBody('replayEvent', '2026-12-01', { endpoint_id: 'we_1' })).toEqual({ webhook_endpoint_id: 'we_1' });
    expect(upgradeRequestBody('replayEvent', '2026-01-15', { endpoint_id: 'we_1', other: 1 })).toEqual({ webhook_endpoint_id: 'we_1', other: 1 });
    const current = { webhook_endpoint_id: 'we_1' };
    expect(upgradeRequestBody('replayEvent', CURRENT_VERSION, { endpoint_id: 'we_1' })).toEqual({ endpoint_id: 'we_1' });
    expect(upgradeRequestBody('replayEvent', '2026-12-01', current)).toBe(current);
    expect(upgradeRequestBody('replayEvent', '2026-12-01', undefined)).toBeUndefined();
    expect(upgradeRequestBody('replayEvent', '2026-12-01', ['endpoint_id'])).toEqual(['endpoint_id']);
    expect(upgradeRequestBody('createCarrier', '2026-12-01', { endpoint_id: 'x' })).toEqual({ endpoint_id: 'x' });
    expect(currentRequestName('getReceivablesAgingReport', '2026-12-01', 'query', 'as_of')).toBe('as_of_date');
    expect(currentRequestName('getReceivablesAgingReport', '2026-12-01', 'query', 'currency')).toBe('currency');
    expect(currentRequestName('getReceivablesAgingReport', '2026-12-01', 'body', 'as_of')).toBe('as_of');
    expect(currentRequestName('getReceivablesAgingReport', CURRENT_VERSION, 'query', 'as_of')).toBe('as_of');
    expect(currentRequestName('getLedgerBalances', '2026-12-01', 'query', 'as_of')).toBe('as_of');
    expect(requestNameForVersion('getReceivablesAgingReport', '2026-12-01', 'query', 'as_of_date')).toBe('as_of');
    expect(requestNameForVersion('getReceivablesAgingReport', CURRENT_VERSION, 'query', 'as_of_date')).toBe('as_of_date');
    expect(requestNameForVersion('replayEvent', '2026-07-01', 'body', 'webhook_endpoint_id')).toBe('endpoint_id');
    expect(requestNameForVersion('replayEvent', '2026-07-01', 'query', 'webhook_endpoint_id')).toBe('webhook_endpoint_id');
  });

  it('names the operations a newer version changed, and how', () => {
    expect(operationsChangedAfter(CURRENT_VERSION)).toEqual([]);
    expect(operationsChangedAfter('1999-01-01')).toEqual([]);
    expect(operationsChangedAfter('2026-12-01')).toEqual(['createTestClock', 'openWebhookListener', 'replayEvent', 'markLettersMailed', 'getReceivablesAgingReport', 'updateCarrier', 'getInvoicePdf', 'getCarrierPaymentPdf', 'getMessageAttachment', 'listEventTypes']);
    expect(queryDefaultsForVersion('listEventTypes', '2026-12-01')).toEqual({ limit: '100' });
    expect(queryDefaultsForVersion('listEventTypes', '2026-01-15')).toEqual({ limit: '100' });
    expect(queryDefaultsForVersion('listEventTypes', CURRENT_VERSION)).toEqual({});
    expect(queryDefaultsForVersion('listOrders', '2026-12-01')).toEqual({});
    expect(operationsChangedAfter('2026-01-15')).toEqual(operationsChangedAfter('2026-12-01'));
    expect(operationChangesAfter('2026-12-01', 'createTestClock')).toHaveLength(1);
    expect(operationChangesAfter('2026-12-01', 'createCarrier')).toEqual([]);
    expect(operationChangesAfter(CURRENT_VERSION, 'createTestClock')).toEqual([]);
  });

  it('documents the replay and mark_mailed of 2026-12-01 as they were: their list answer and the link into it', () => {
    const replay = operationChangesAfter('2026-12-01', 'replayEvent')[0]!;
    const op = {
      operationId: 'replayEvent',
      responses: {
        '200': {
          description: 'The replay.',
          headers: { 'Request-Id': {} },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/EventReplayResult' }, example: {} } },
          links: { GetFirstReplayedDelivery: { operationId: 'getWebhookDelivery', parameters: { webhook_delivery_id: '$response.body#/deliveries/0/id' } } },
        },
      },
    };
    expect(replay.document!(op)).toEqual({
      operationId: 'replayEvent',
      responses: {
        '200': {
          description: 'The deliveries queued by the replay.',
          headers: { 'Request-Id': {} },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookDeliveryList' }, example: {} } },
          links: { GetFirstReplayedDelivery: { operationId: 'getWebhookDelivery', parameters: { webhook_delivery_id: '$response.body#/data/0/id' } } },
        },
      },
    });
    const created = operationChangesAfter('2026-12-01', 'createTestClock')[0]!;
    expect(created.document!({ responses: { '200': { description: 'new', headers: {} } } })).toEqual({ responses: { '200': { description: 'The clock, `ready`.', headers: {} } } });
  });
});
