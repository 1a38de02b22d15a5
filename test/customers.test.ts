import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, type Harness } from './support/harness.js';

describe.each(backends({ pooler: true }))('customers on %s', (backend: Backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  describe('createCustomer', () => {
    it('creates a customer and answers 201 with Location', async () => {
      const r = await h.op('createCustomer', {
        body: {
          name: 'Acme Auto Sales',
          email: 'dispatch@acme-auto.example',
          phone: '+13125550142',
          billing_address: { address1: '100 N Main St', city: 'Chicago', state: 'IL', zip: '60601' },
          metadata: { crm_id: '4411' },
        },
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        object: 'customer',
        name: 'Acme Auto Sales',
        email: 'dispatch@acme-auto.example',
        phone: '+13125550142',
        billing_address: { address1: '100 N Main St', address2: null, city: 'Chicago', state: 'IL', zip: '60601' },
        metadata: { crm_id: '4411' },
      });
      expect(r.body.id).toMatch(/^cus_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(r.headers.get('location')).toBe(`/v1/customers/${r.body.id}`);
      expect(r.body.created).toBe(r.body.updated);
    });
    it.each([
      [{}, 'missing_required_field', 'name'],
      [{ name: '' }, 'invalid_value', 'name'],
      [{ name: 'A', email: 'not-an-email' }, 'invalid_format', 'email'],
      [{ name: 'A', phone: '312-555-0142' }, 'invalid_format', 'phone'],
      [{ name: 'A', billing_address: { address1: 'x', city: 'y', state: 'ZZ', zip: '60601' } }, 'invalid_value', 'billing_address.state'],
      [{ name: 'A', billing_address: { address1: 'x', city: 'y', state: 'IL', zip: '6060' } }, 'invalid_format', 'billing_address.zip'],
      [{ name: 'A', metadata: { k: 5 } }, 'invalid_value', 'metadata.k'],
    ])('rejects %j with %s on %s', async (body, code, param) => {
      const r = await h.call('POST', '/v1/customers', { body });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'validation_error', code, param });
    });
  });

  describe('getCustomer', () => {
    it('reads a customer of the account and hides other accounts', async () => {
      const created = await h.op('createCustomer', { body: { name: 'Mine' } });
      const r = await h.op('getCustomer', { params: { customer_id: created.body.id } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(created.body);
      const stranger = await h.key('stranger');
      const hidden = await h.op('getCustomer', { params: { customer_id: created.body.id }, key: stranger });
      expect(hidden.status).toBe(404);
      expect(hidden.error).toMatchObject({ type: 'not_found_error', code: 'resource_missing' });
    });
    it('rejects a malformed id with 400', async () => {
      const r = await h.call('GET', '/v1/customers/ord_123');
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe('customer_id');
    });
  });

  describe('updateCustomer', () => {
    it('changes only the given fields, clears with null and removes metadata keys', async () => {
      const c = await h.op('createCustomer', {
        body: { name: 'Old', email: 'old@example.com', phone: '+13125550100', metadata: { a: '1', b: '2' } },
      });
      const customer_id = c.body.id;
      const r = await h.op('updateCustomer', { params: { customer_id }, body: { name: 'New', phone: null, metadata: { a: null, c: '3' } } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ name: 'New', email: 'old@example.com', phone: null, metadata: { b: '2', c: '3' } });
      expect((await h.op('getCustomer', { params: { customer_id } })).body).toEqual(r.body);
    });
    it('merges concurrent metadata updates without losing a key', async () => {
      const customer_id = (await h.op('createCustomer', { body: { name: 'Busy' } })).body.id;
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => h.op('updateCustomer', { params: { customer_id }, body: { metadata: { [`k${i}`]: String(i) } } })),
      );
      const read = await h.op('getCustomer', { params: { customer_id } });
      expect(Object.keys(read.body.metadata).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7']);
    });
    it('answers 404 for another account and rejects unknown fields', async () => {
      const c = await h.op('createCustomer', { body: { name: 'Theirs' } });
      const stranger = await h.key('stranger-2');
      expect((await h.op('updateCustomer', { params: { customer_id: c.body.id }, key: stranger, body: { name: 'Mine now' } })).status).toBe(404);
      const bad = await h.call('PATCH', `/v1/customers/${c.body.id}`, { body: { id: 'cus_x' } });
      expect(bad.body.error).toMatchObject({ code: 'unknown_field', param: 'id' });
      expect((await h.op('getCustomer', { params: { customer_id: c.body.id } })).body.name).toBe('Theirs');
    });
  });

  describe('listCustomers', () => {
    it('pages newest first with a cursor, only within the account', async () => {
      const key = await h.key('paging');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await h.op('createCustomer', { key, body: { name: `C${i}` } })).body.id);
      const first = await h.op('listCustomers', { query: { limit: 2 }, key });
      expect(first.body).toMatchObject({ object: 'list', has_more: true });
      expect(first.body.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
      expect(first.body.next_cursor).toBe(ids[3]);
      const second = await h.op('listCustomers', { query: { limit: 2, cursor: first.body.next_cursor! }, key });
      expect(second.body.data.map((c) => c.id)).toEqual([ids[2], ids[1]]);
      const last = await h.op('listCustomers', { query: { limit: 2, cursor: second.body.next_cursor! }, key });
      expect(last.body).toMatchObject({ has_more: false, next_cursor: null });
      expect(last.body.data.map((c) => c.id)).toEqual([ids[0]]);
    });
    it('defaults to 20 and bounds limit to 1..100', async () => {
      expect((await h.call('GET', '/v1/customers?limit=0')).body.error).toMatchObject({ code: 'invalid_value', param: 'limit' });
      expect((await h.call('GET', '/v1/customers?limit=101')).body.error).toMatchObject({ code: 'invalid_value', param: 'limit' });
      const key = await h.key('many');
      for (let i = 0; i < 21; i++) await h.op('createCustomer', { key, body: { name: `C${i}` } });
      const page = await h.op('listCustomers', { key });
      expect(page.body.data).toHaveLength(20);
      expect(page.body.has_more).toBe(true);
    });
    it('takes any well-formed customer id as a position, and refuses a cursor that is not one', async () => {
      const key = await h.key('positions');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await h.op('createCustomer', { key, body: { name: `P${i}` } })).body.id);
      // An id older than every customer: an empty last page. One newer than all: the first page.
      const before = await h.op('listCustomers', { query: { cursor: 'cus_00000000000000000000000000' }, key });
      expect(before.body).toMatchObject({ data: [], has_more: false, next_cursor: null });
      const after = await h.op('listCustomers', { query: { cursor: 'cus_7ZZZZZZZZZZZZZZZZZZZZZZZZZ' }, key });
      expect(after.body.data.map((c) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
      // Another account's id is a position too, and shows nothing of that account.
      const stranger = (await h.op('createCustomer', { key: await h.key('stranger-positions'), body: { name: 'S' } })).body.id;
      expect((await h.op('listCustomers', { query: { cursor: stranger }, key })).body.data.map((c) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
      const wrongType = await h.call('GET', `/v1/customers?cursor=${ids[0]!.replace('cus_', 'ord_')}`, { key });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.error).toMatchObject({ code: 'invalid_format', param: 'cursor' });
    });
  });
});
