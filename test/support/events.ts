// Makes the service emit every webhook event type for one account, through the API and the
// background work that emits the rest (carrier vetting, the compliance scan, monitoring's reads, the
// overdue check, the mail worker's report of a refused email); the caller's endpoint
// subscribed to `*` receives them once delivered. Used by the AsyncAPI contract test and the client
// matrix's payload models; the order carries every optional field, so the payloads do too.
// The test clock's events happen in test mode only: emitTestModeEventTypes makes them, for the
// endpoints of an account's test mode.
import { pino } from 'pino';
import { orderBody, type Harness } from './harness.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB } from '../../src/carriers/carriers.service.js';
import { scanCompliance } from '../../src/carriers/compliance.service.js';
import { recordRead } from '../../src/carriers/monitor.service.js';
import { createLocalRegistryProvider, LOCAL_REGISTRY_SAMPLES } from '../../src/carriers/registry/index.js';
import { announceOverdueInvoices, invoiceDeliveryFailed } from '../../src/accounting/invoices.service.js';
import { Message } from '../../src/mail/mail.entities.js';
import { EVENT_TYPES } from '../../generated/events.js';

/** The event types of test mode only (a test clock's), which no live endpoint is sent. */
export const TEST_MODE_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter((t) => t.startsWith('test_helpers.'));
/** Every event type a live endpoint may be sent: what emitEveryEventType makes. */
export const LIVE_EVENT_TYPES: readonly string[] = EVENT_TYPES.filter((t) => !TEST_MODE_EVENT_TYPES.includes(t));

/** Makes the events of test mode only happen for `testKey`'s test mode: the events helper advances a new test clock, to ready. */
export async function emitTestModeEventTypes(h: Harness, testKey: string): Promise<void> {
  const made = await h.call('POST', '/v1/test_helpers/events', { key: testKey, body: { type: 'test_helpers.test_clock.ready' } });
  if (made.status !== 201) throw new Error(`POST /v1/test_helpers/events: ${made.status} ${made.text}`);
}

/** `key`: the account's API key (the harness's default key when omitted). */
export async function emitEveryEventType(h: Harness, endpointId: string, key?: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await h.call(method, path, { ...(key !== undefined ? { key } : {}), ...(body !== undefined ? { body } : {}) });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
    return r.body as { id: string };
  };
  const jobs = new JobRunner({
    db: h.database.db,
    clock: h.clock,
    log: pino({ level: 'silent' }),
    handlers: { [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(), registry: createLocalRegistryProvider() }) },
  });
  const runJobs = async () => {
    for (let i = 0; i < 100 && (await jobs.runOnce()) > 0; i++);
  };

  await call('POST', `/v1/webhook_endpoints/${endpointId}/test`);
  const carrier = (dot: string) => call('POST', '/v1/carriers', { dot_number: dot, contact_name: 'Maria', contact_email: 'm@carrier.example', phone: '+16025550117' });
  const active = (await carrier(LOCAL_REGISTRY_SAMPLES.pass[0]!)).id;
  await carrier(LOCAL_REGISTRY_SAMPLES.insurance_expired); // vetted, then the scan raises compliance_alert.opened (and compliance.alert)
  await carrier(LOCAL_REGISTRY_SAMPLES.not_found); // carrier.rejected
  await runJobs();
  await scanCompliance(h.background());
  await call('PATCH', `/v1/carriers/${active}`, { contact_name: 'Maria Ortiz', metadata: { tier: 'gold' } }); // carrier.updated
  const suspended = (await carrier(LOCAL_REGISTRY_SAMPLES.pass[1]!)).id;
  await runJobs();
  await call('POST', `/v1/carriers/${suspended}/suspend`, { reason: 'audit' });
  // Monitoring of the suspended carrier: a read that finds no record opens an alert, the next read
  // (the record back) clears it (compliance_alert.cleared), and a person resolves it.
  const monitoring = { registry: createLocalRegistryProvider(), intervalMs: 86_400_000, jitter: () => 0.5 };
  const gone = await recordRead(h.background(), suspended, null, monitoring);
  await recordRead(h.background(), suspended, await createLocalRegistryProvider().findByDot(LOCAL_REGISTRY_SAMPLES.pass[1]!), monitoring);
  await call('POST', `/v1/compliance_alerts/${gone!.alertIds[0]}/resolve`, { note: 'Record back in the registry' });

  const customer = (await call('POST', '/v1/customers', { name: 'Events Co' })).id; // customer.created
  await call('PATCH', `/v1/customers/${customer}`, { email: 'ap@events.example', metadata: { erp: 'E-1' } }); // customer.updated
  const full = orderBody(customer, {
    pickup: { address1: '1 A St', address2: 'Dock 4', city: 'Chicago', state: 'IL', zip: '60607', contact_name: 'Dana', contact_phone: '+13125550188' },
    vehicles: [
      { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: 'car', inoperable: true },
      { vin: '1HGCM82633A004353', year: 1975, make: 'Ford', model: 'Bronco' },
    ],
    price: 100,
    carrier_pay: 80,
    metadata: { source: 'events' },
  });
  const a = (await call('POST', '/v1/orders', full)).id;
  const b = (await call('POST', '/v1/orders', orderBody(customer))).id;
  await call('PATCH', `/v1/orders/${b}`, { delivery_window_days: 12, price: 150_000 }); // order.updated
  await call('POST', `/v1/orders/${a}/dispatch`, { carrier_id: active });
  await call('POST', `/v1/orders/${a}/pickup`, {});
  await call('POST', `/v1/orders/${a}/exceptions`, { kind: 'damage', note: 'Scratch on the rear bumper' });
  await call('POST', `/v1/orders/${a}/deliver`, { signed_by: 'Jordan Price' });
  await call('POST', `/v1/orders/${b}/cancel`, {});
  // Cancelled by mistake and reopened (order.reopened).
  const c = (await call('POST', '/v1/orders', orderBody(customer))).id;
  await call('POST', `/v1/orders/${c}/cancel`, { reason: 'Wrong load' });
  await call('POST', `/v1/orders/${c}/reopen`, { reason: 'Cancelled the wrong load' });
  const apiKey = (await call('POST', '/v1/api_keys', { name: 'audited', scopes: ['orders:read'] })).id;
  await call('POST', `/v1/api_keys/${apiKey}/revoke`, {});

  const invoice = (lines: unknown[]) => call('POST', '/v1/invoices', { customer_id: customer, due_date: '2026-12-31', lines, send: { email: 'ap@events.example' } });
  const billed = (await invoice([{ description: 'Transport', quantity: 1, unit_amount: 100, order_id: a }])).id;
  await call('POST', '/v1/payments', { customer_id: customer, invoice_id: billed, amount: 100, payment_method: 'wire', reference: 'W-1' });
  const voided = (await invoice([{ description: 'Storage', quantity: 2, unit_amount: 50 }])).id;
  const draft = (await call('POST', '/v1/invoices', { customer_id: customer, due_date: '2026-12-31', lines: [{ description: 'Storage', quantity: 1, unit_amount: 40 }] })).id;
  await call('PATCH', `/v1/invoices/${draft}`, { due_date: '2027-01-15' }); // invoice.updated
  await call('POST', `/v1/invoices/${voided}/void`, {});
  await call('POST', '/v1/payments', { customer_id: customer, amount: 10, payment_method: 'card', failure_reason: 'Card declined.' });
  // A check that paid an invoice bounces: payment.returned, and the invoice owes it again (invoice.reopened).
  const storage = (await invoice([{ description: 'Storage', quantity: 1, unit_amount: 25 }])).id;
  const bounced = (await call('POST', '/v1/payments', { customer_id: customer, invoice_id: storage, amount: 25, payment_method: 'check', reference: 'Check 1042' })).id;
  await call('POST', `/v1/payments/${bounced}/return`, { reason: 'Check returned: insufficient funds' });
  const carrierPayment = (await call('POST', '/v1/carrier_payments', { carrier_id: active, order_ids: [a], payment_method: 'ach' })).id;
  await call('POST', `/v1/carrier_payments/${carrierPayment}/void`, { reason: 'Recorded twice' }); // carrier_payment.voided
  // Past due (the daily check announces it), and an email refused for good (the mail worker's report).
  const late = await call('POST', '/v1/invoices', { customer_id: customer, due_date: '2020-01-31', lines: [{ description: 'Storage', quantity: 1, unit_amount: 70 }], send: { email: 'ap@events.example' } });
  await announceOverdueInvoices(h.background());
  const em = h.database.db.em();
  await em.nativeUpdate(Message, { subjectId: late.id }, { status: 'failed', attempts: 1, lastError: '550 5.1.1 Mailbox unavailable', nextAttemptAt: null });
  const [message] = await em.find(Message, { subjectId: late.id });
  await invoiceDeliveryFailed(h.background(), message!);
}
