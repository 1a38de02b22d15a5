import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, type Harness } from './support/harness.js';
import { Event } from '../src/webhooks/events.entities.js';
import { Order } from '../src/orders/orders.entities.js';

describe.each(backends({ pooler: true }))('orders on %s', (backend: Backend) => {
  let h: Harness;
  let customerId: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    customerId = (await h.call('POST', '/v1/customers', { body: { name: 'Shipper' } })).body.id;
  });
  afterAll(() => h.close());

  const createOrder = async (overrides: Record<string, unknown> = {}, key?: string, customer = customerId) =>
    h.call('POST', '/v1/orders', { body: orderBody(customer, overrides), ...(key ? { key } : {}) });
  const eventsOf = (orderId: string) =>
    h.database.db.em().find(Event, { data: { id: orderId } } as never, { orderBy: { id: 'asc' } });

  describe('createOrder', () => {
    it('creates a pending order with defaults, Location, and one order.created event', async () => {
      const r = await createOrder({ price: 145000, carrier_pay: 120000, metadata: { po: '77' } });
      expect(r.status).toBe(201);
      expect(r.headers.get('location')).toBe(`/v1/orders/${r.body.id}`);
      expect(r.body).toMatchObject({
        object: 'order',
        status: 'pending',
        customer_id: customerId,
        carrier_id: null,
        delivery_window_days: 7,
        price: 145000,
        carrier_pay: 120000,
        currency: 'usd',
        exceptions: [],
        metadata: { po: '77' },
        vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: null, inoperable: false }],
        pickup: { address1: '1200 W Lake St', address2: null, city: 'Chicago', state: 'IL', zip: '60607', contact_name: null, contact_phone: null },
      });
      const events = await eventsOf(r.body.id);
      expect(events.map((e) => e.type)).toEqual(['order.created']);
      expect(events[0]!.data).toEqual(r.body);
      expect(events[0]!.requestId).toBe(r.headers.get('request-id'));
    });

    it('answers missing customer_id exactly as the specification says', async () => {
      const { customer_id: _omit, ...body } = orderBody(customerId);
      const r = await h.call('POST', '/v1/orders', { body });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'validation_error', code: 'missing_required_field', param: 'customer_id' });
    });

    it.each([
      [{ pickup: { address1: 'x', city: 'y', state: 'XX', zip: '60607' } }, 'invalid_value', 'pickup.state'],
      [{ delivery: { address1: 'x', city: 'y', state: 'FL', zip: '3313' } }, 'invalid_format', 'delivery.zip'],
      [{ vehicles: [] }, 'invalid_value', 'vehicles'],
      [{ vehicles: [{ vin: '1HGCM82633A00435', year: 2003, make: 'Honda', model: 'Accord' }] }, 'invalid_value', 'vehicles[0].vin'],
      [{ vehicles: [{ vin: '1HGCM82633A0O4352', year: 2003, make: 'Honda', model: 'Accord' }] }, 'invalid_format', 'vehicles[0].vin'],
      [{ vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda' }] }, 'missing_required_field', 'vehicles[0].model'],
      [{ vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'A', color: 'red' }] }, 'unknown_field', 'vehicles[0].color'],
      [{ ready_date: '2026-02-30' }, 'invalid_format', 'ready_date'],
      [{ ready_date: '12/01/2026' }, 'invalid_format', 'ready_date'],
      [{ delivery_window_days: 0 }, 'invalid_value', 'delivery_window_days'],
      [{ delivery_window_days: 61 }, 'invalid_value', 'delivery_window_days'],
      [{ price: -1 }, 'invalid_value', 'price'],
      [{ currency: 'eur' }, 'invalid_value', 'currency'],
      [{ customer_id: 'cus_nope' }, 'invalid_format', 'customer_id'],
    ])('rejects %j (%s, %s)', async (overrides, code, param) => {
      const r = await createOrder(overrides);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'validation_error', code, param });
    });

    it('verifies the VIN check digit for model years from 1981', async () => {
      const bad = await createOrder({ vehicles: [{ vin: '1HGCM82633A004353', year: 2003, make: 'Honda', model: 'Accord' }] });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'invalid_vin', param: 'vehicles[0].vin' });
      const old = await createOrder({ vehicles: [{ vin: '1HGCM82633A004353', year: 1979, make: 'Ford', model: 'Mustang' }] });
      expect(old.status).toBe(201);
    });

    describe('VIN by model year', () => {
      const vehicle = (vin: string, year: number) => ({ vehicles: [{ vin, year, make: 'Chevrolet', model: 'Camaro' }] });
      it('accepts a pre-1981 vehicle with a short VIN and no check digit', async () => {
        const r = await createOrder(vehicle('124379N512345', 1969));
        expect(r.status).toBe(201);
        expect(r.body.vehicles[0]).toMatchObject({ vin: '124379N512345', year: 1969 });
        expect((await createOrder(vehicle('1F02H1', 1971))).status).toBe(201);
      });
      it('refuses a 1990 VIN with a wrong check digit', async () => {
        const r = await createOrder(vehicle('1G1FP23E0LL100000', 1990) /* position 9 should be X */);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ type: 'validation_error', code: 'invalid_vin', param: 'vehicles[0].vin' });
      });
      it.each([
        ['124379N512345', 1990, 'a short VIN from 1981 on'],
        ['1234', 1969, 'fewer than 5 characters'],
        ['124379N51234567890', 1960, 'more than 17 characters'],
        ['1243-9N512345', 1969, 'other than letters and digits'],
      ])('refuses %s for model year %i (%s)', async (vin, year) => {
        const r = await createOrder(vehicle(vin, year));
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ type: 'validation_error', param: 'vehicles[0].vin' });
      });
    });

    it('refuses a model year later than next year', async () => {
      const year = new Date().getUTCFullYear() + 2;
      const r = await createOrder({ vehicles: [{ vin: '1HGCM82633A004352', year, make: 'Honda', model: 'Accord' }] });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_value', param: 'vehicles[0].year' });
    });

    it("answers 404 for an unknown or another account's customer, writing nothing", async () => {
      const before = await h.database.db.em().count(Order, {});
      const stranger = await h.key('stranger');
      const r = await createOrder({}, stranger);
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'resource_missing', param: 'customer_id' });
      expect(await h.database.db.em().count(Order, {})).toBe(before);
      expect(await h.database.db.em().count(Event, { requestId: r.body.error.request_id })).toBe(0);
    });
  });

  describe('getOrder', () => {
    it("reads the account's order and 404s for other accounts", async () => {
      const o = await createOrder();
      expect((await h.call('GET', `/v1/orders/${o.body.id}`)).body).toEqual(o.body);
      const stranger = await h.key('stranger-get');
      expect((await h.call('GET', `/v1/orders/${o.body.id}`, { key: stranger })).status).toBe(404);
    });
  });

  describe('updateOrder', () => {
    it('edits a pending order', async () => {
      const o = await createOrder({ metadata: { a: '1' } });
      const r = await h.call('PATCH', `/v1/orders/${o.body.id}`, {
        body: { ready_date: '2026-12-05', delivery_window_days: 10, price: null, metadata: { a: null, b: '2' } },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ ready_date: '2026-12-05', delivery_window_days: 10, price: null, metadata: { b: '2' }, status: 'pending' });
    });
    it('re-checks vehicles on edit', async () => {
      const o = await createOrder();
      const r = await h.call('PATCH', `/v1/orders/${o.body.id}`, {
        body: { vehicles: [{ vin: '1HGCM82633A004353', year: 2003, make: 'Honda', model: 'Accord' }] },
      });
      expect(r.body.error).toMatchObject({ code: 'invalid_vin', param: 'vehicles[0].vin' });
    });
    it('refuses to edit an order that is no longer pending (409) and leaves it unchanged', async () => {
      const o = await createOrder();
      await h.call('POST', `/v1/orders/${o.body.id}/cancel`);
      const r = await h.call('PATCH', `/v1/orders/${o.body.id}`, { body: { delivery_window_days: 3 } });
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ type: 'conflict_error', code: 'invalid_state_transition' });
      expect((await h.call('GET', `/v1/orders/${o.body.id}`)).body.delivery_window_days).toBe(7);
    });
  });

  describe('cancelOrder', () => {
    it('cancels a pending order with a reason and records order.cancelled', async () => {
      const o = await createOrder();
      const r = await h.call('POST', `/v1/orders/${o.body.id}/cancel`, { body: { reason: 'Sold the car' } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'cancelled', cancellation_reason: 'Sold the car' });
      expect(r.body.cancelled_at).toBeTypeOf('number');
      const events = await eventsOf(o.body.id);
      expect(events.map((e) => e.type)).toEqual(['order.created', 'order.cancelled']);
      expect(events[1]!.data).toMatchObject({ status: 'cancelled' });
    });
    it('cancels without a body', async () => {
      const o = await createOrder();
      expect((await h.call('POST', `/v1/orders/${o.body.id}/cancel`)).body.status).toBe('cancelled');
    });
    it('answers 409 for a cancelled order and writes no second event', async () => {
      const o = await createOrder();
      await h.call('POST', `/v1/orders/${o.body.id}/cancel`);
      const again = await h.call('POST', `/v1/orders/${o.body.id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('invalid_state_transition');
      expect((await eventsOf(o.body.id)).map((e) => e.type)).toEqual(['order.created', 'order.cancelled']);
    });
    it('lets exactly one of concurrent cancels win, every time', async () => {
      for (let round = 0; round < 5; round++) {
        const o = await createOrder();
        const results = await Promise.all([1, 2, 3].map(() => h.call('POST', `/v1/orders/${o.body.id}/cancel`)));
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
        expect((await eventsOf(o.body.id)).filter((e) => e.type === 'order.cancelled')).toHaveLength(1);
      }
    });
  });

  describe('listOrders', () => {
    it('filters by status, customer and created range, newest first', async () => {
      const key = await h.key('lister');
      const c1 = (await h.call('POST', '/v1/customers', { key, body: { name: 'One' } })).body.id;
      const c2 = (await h.call('POST', '/v1/customers', { key, body: { name: 'Two' } })).body.id;
      const a = (await createOrder({}, key, c1)).body;
      const b = (await createOrder({}, key, c2)).body;
      const c = (await createOrder({}, key, c1)).body;
      await h.call('POST', `/v1/orders/${b.id}/cancel`, { key });
      const ids = async (q: string) => (await h.call('GET', `/v1/orders${q}`, { key })).body.data.map((o: { id: string }) => o.id);
      expect(await ids('')).toEqual([c.id, b.id, a.id]);
      expect(await ids('?status=pending')).toEqual([c.id, a.id]);
      expect(await ids('?status=cancelled')).toEqual([b.id]);
      expect(await ids('?status=in_transit')).toEqual([]);
      expect(await ids(`?customer_id=${c1}`)).toEqual([c.id, a.id]);
      expect(await ids(`?customer_id=${c1}&status=pending&limit=1`)).toEqual([c.id]);
      expect(await ids(`?created[gte]=${a.created}&created[lte]=${c.created}`)).toEqual([c.id, b.id, a.id]);
      expect(await ids(`?created[gte]=${c.created + 1}`)).toEqual([]);
      expect(await ids(`?created[lte]=${a.created - 1}`)).toEqual([]);
      expect(await ids('?carrier_id=car_01JF3QC4D6F8H0J2K4M6N8P0Q2')).toEqual([]);
    });
    it('rejects invalid filters', async () => {
      expect((await h.call('GET', '/v1/orders?status=lost')).body.error).toMatchObject({ code: 'invalid_value', param: 'status' });
      expect((await h.call('GET', '/v1/orders?created[gte]=yesterday')).body.error).toMatchObject({ param: 'created[gte]' });
      expect((await h.call('GET', '/v1/orders?created[after]=1')).body.error).toMatchObject({ code: 'unknown_field', param: 'created[after]' });
    });
  });
});
