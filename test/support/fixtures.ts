// The objects most tests need, made through the API: a customer, an active carrier, an order moved
// through its states, an invoice in any state (DRAFT, SENT, PAID, VOID), a payment and a carrier payment.
import { Carrier } from '../../src/carriers/carriers.entities.js';
import { orderBody, type Harness } from './harness.js';

type Json = Record<string, any>;
export type InvoiceStatus = 'DRAFT' | 'SENT' | 'PAID' | 'VOID';

/** The billing address of the default customer (an invoice sent by post goes there). */
export const BILLING_ADDRESS = { address1: '100 N Main St', city: 'Chicago', state: 'IL', zip: '60601' };

export interface Fixtures {
  /** A customer with an email and `BILLING_ADDRESS` unless `body` says otherwise. */
  customer(body?: Json): Promise<string>;
  /** Onboarded, then set active (no vetting run). */
  activeCarrier(): Promise<string>;
  /** An order of `customerId`, moved up to `until` (delivered by default), priced and with carrier pay. */
  order(customerId: string, opts?: { until?: 'pending' | 'dispatched' | 'in_transit' | 'delivered' | 'cancelled'; carrier?: string; price?: number; carrierPay?: number | null; body?: Json }): Promise<string>;
  /**
   * An invoice with a line per order of `orderIds` (145,000 each, or `amounts`), or with no order a
   * line per amount of `amounts` (one of 145,000 by default), in `status`: SENT by email by default
   * (DRAFT with `send: false`), PAID paid in full, VOID sent then voided. Answers the invoice as it is then.
   */
  invoice(customerId: string, orderIds: string[], opts?: { status?: InvoiceStatus; send?: boolean; amounts?: number[] }): Promise<Json>;
  pay(customerId: string, invoiceId: string, amount: number): Promise<Json>;
  payCarrier(carrierId: string, orderIds: string[]): Promise<Json>;
}

export function fixtures(h: Harness, key?: string): Fixtures {
  let dot = 8_000_000 + Math.floor(Math.random() * 1_000_000);
  const as = key ? { key } : {};
  const ok = (r: { status: number; body: any; text: string }, status: number[]) => {
    if (!status.includes(r.status)) throw new Error(`expected ${status.join(' or ')}, got ${r.status}: ${r.text}`);
    return r.body as Json;
  };
  const self: Fixtures = {
    async customer(body = { name: 'Shipper', email: 'ap@shipper.example', billing_address: BILLING_ADDRESS }) {
      return ok(await h.call('POST', '/v1/customers', { body, ...as }), [201]).id as string;
    },
    async activeCarrier() {
      const id = ok(await h.call('POST', '/v1/carriers', { body: { dot_number: String(dot++), contact_name: 'Dispatch', contact_email: 'dispatch@carrier.example', phone: '+16025550117' }, ...as }), [201]).id as string;
      await h.database.db.em().nativeUpdate(Carrier, { id }, { status: 'active' });
      return id;
    },
    async order(customerId, opts = {}) {
      const pay = opts.carrierPay === undefined ? 120_000 : opts.carrierPay;
      const id = ok(await h.call('POST', '/v1/orders', { body: orderBody(customerId, { price: opts.price ?? 145_000, ...(pay !== null ? { carrier_pay: pay } : {}), ...opts.body }), ...as }), [201]).id as string;
      const until = opts.until ?? 'delivered';
      if (until === 'pending') return id;
      if (until === 'cancelled') {
        ok(await h.call('POST', `/v1/orders/${id}/cancel`, { body: {}, ...as }), [200]);
        return id;
      }
      ok(await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: opts.carrier ?? (await self.activeCarrier()) }, ...as }), [200]);
      if (until === 'dispatched') return id;
      ok(await h.call('POST', `/v1/orders/${id}/pickup`, { body: {}, ...as }), [200]);
      if (until === 'in_transit') return id;
      ok(await h.call('POST', `/v1/orders/${id}/deliver`, { body: { signed_by: 'R. Receiver' }, ...as }), [200]);
      return id;
    },
    async invoice(customerId, orderIds, opts = {}) {
      const status = opts.status ?? (opts.send === false ? 'DRAFT' : 'SENT');
      const lines = orderIds.length
        ? orderIds.map((order_id, i) => ({ description: `Transport ${i + 1}`, quantity: 1, unit_amount: opts.amounts?.[i] ?? 145_000, order_id }))
        : (opts.amounts ?? [145_000]).map((unit_amount, i) => ({ description: `Transport ${i + 1}`, quantity: 1, unit_amount }));
      const inv = ok(await h.call('POST', '/v1/invoices', { body: { customer_id: customerId, due_date: '2026-12-31', lines, ...(status === 'DRAFT' ? {} : { send: { email: 'ap@shipper.example' } }) }, ...as }), [201]);
      if (status === 'PAID') {
        await self.pay(customerId, inv.id, inv.amount_remaining);
        return ok(await h.call('GET', `/v1/invoices/${inv.id}`, as), [200]);
      }
      if (status === 'VOID') return ok(await h.call('POST', `/v1/invoices/${inv.id}/void`, as), [200]);
      return inv;
    },
    async pay(customerId, invoiceId, amount) {
      return ok(await h.call('POST', '/v1/payments', { body: { customer_id: customerId, invoice_id: invoiceId, amount, payment_method: 'ach' }, ...as }), [201]);
    },
    async payCarrier(carrierId, orderIds) {
      return ok(await h.call('POST', '/v1/carrier_payments', { body: { carrier_id: carrierId, order_ids: orderIds, payment_method: 'ach' }, ...as }), [201]);
    },
  };
  return self;
}
