// What a brokerage's customers see: load numbers and references, the tracking page and the hosted
// invoice page behind their links (what they show and must not show, rotation, expiry, the security
// headers), on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { backends, type Backend } from './support/databases.js';
import { fixtures, type Fixtures } from './support/fixtures.js';
import { orderBody, startHarness, type Harness } from './support/harness.js';
import { Order } from '../src/orders/orders.entities.js';
import { PUBLIC_PAGE_POLICY } from '../src/http/public-pages.js';
import { JobRunner } from '../src/jobs/runner.js';
import { createMailTransport, MAIL_JOB, mailJob } from '../src/mail/sender.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import pino from 'pino';

const pathOf = (url: string) => new URL(url).pathname;

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe.each(backends())('customer links on %s', (backend: Backend) => {
  let h: Harness;
  let f: Fixtures;
  let customerId: string;
  let offsetMs = 0;
  beforeAll(async () => {
    h = await startHarness(backend, { clock: { now: () => new Date(Date.now() + offsetMs) } });
    f = fixtures(h);
    customerId = await f.customer({ name: 'Acme Auto Sales', email: 'ap@acme.example' });
  });
  afterAll(() => h.close());

  const page = (path: string) => fetch(h.url + path);

  describe('load numbers and references', () => {
    it('numbers orders one after another per account, test mode its own series', async () => {
      const a = await h.op('createOrder', { body: orderBody(customerId, { reference: 'PO-1' }) as never });
      const b = await h.op('createOrder', { body: orderBody(customerId) as never });
      const na = Number(a.body.number.slice(2));
      expect(a.body.number).toMatch(/^L-\d{6}$/);
      expect(b.body.number).toBe(`L-${String(na + 1).padStart(6, '0')}`);
      expect(a.body.reference).toBe('PO-1');
      expect(b.body.reference).toBeNull();
      const testKey = await h.key('acme', 'all', { livemode: false });
      const tc = (await h.call('POST', '/v1/customers', { key: testKey, body: { name: 'Test shipper' } })).body.id;
      const t = await h.call('POST', '/v1/orders', { key: testKey, body: orderBody(tc) });
      expect(t.body.number).toBe('L-000001');
      const other = await h.key('globex');
      const oc = (await h.call('POST', '/v1/customers', { key: other, body: { name: 'Other' } })).body.id;
      expect((await h.call('POST', '/v1/orders', { key: other, body: orderBody(oc) })).body.number).toBe('L-000001');
    });

    it('gives concurrent creations distinct numbers with no gap', async () => {
      const key = await h.key('parallel');
      const cus = (await h.call('POST', '/v1/customers', { key, body: { name: 'P' } })).body.id;
      const made = await Promise.all(Array.from({ length: 12 }, () => h.call('POST', '/v1/orders', { key, body: orderBody(cus) })));
      expect(made.map((r) => r.status)).toEqual(Array(12).fill(201));
      expect(made.map((r) => r.body.number).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `L-${String(i + 1).padStart(6, '0')}`));
    });

    it('filters the list by number and by reference; PATCH sets and clears the reference', async () => {
      const o = await h.op('createOrder', { body: orderBody(customerId, { reference: 'STOCK-77' }) as never });
      const byNumber = await h.op('listOrders', { query: { number: o.body.number } });
      expect(byNumber.body.data.map((x) => x.id)).toEqual([o.body.id]);
      const byRef = await h.op('listOrders', { query: { reference: 'STOCK-77' } });
      expect(byRef.body.data.map((x) => x.id)).toEqual([o.body.id]);
      const patched = await h.op('updateOrder', { params: { order_id: o.body.id }, body: { reference: 'PO-2' } });
      expect(patched.body.reference).toBe('PO-2');
      expect((await h.op('updateOrder', { params: { order_id: o.body.id }, body: { reference: null } })).body.reference).toBeNull();
      expect((await h.call('GET', '/v1/orders?number=123')).status).toBe(400);
      expect((await h.call('POST', '/v1/orders', { body: orderBody(customerId, { reference: 'x'.repeat(101) }) })).status).toBe(400);
    });

    it('numbers the rate confirmation and the bill of lading by the load number', async () => {
      const id = await f.order(customerId, { until: 'delivered', body: { reference: 'PO-9' } });
      const order = (await h.op('getOrder', { params: { order_id: id } })).body;
      const bol = await fetch(`${h.url}/v1/orders/${id}/bill_of_lading.pdf`, { headers: { Authorization: `Bearer ${await h.key()}` } });
      expect(bol.headers.get('content-disposition')).toContain(`bill-of-lading-${order.number}.pdf`);
      const text = await pdfText(await bol.arrayBuffer());
      expect(text).toContain(order.number);
      expect(text).toContain('PO-9');
    });
  });

  describe('the tracking page', () => {
    it('shows the load to anyone with the link, and nothing internal', async () => {
      const id = await f.order(customerId, { until: 'in_transit', price: 145_000, carrierPay: 98_765 });
      await h.op('reportOrderException', { params: { order_id: id }, body: { kind: 'delay', note: 'STAFF ONLY: driver late again' } });
      const order = (await h.op('getOrder', { params: { order_id: id } })).body;
      expect(order.tracking_url).toMatch(/\/t\/trk_[A-Za-z0-9_-]{32}$/);
      const r = await page(pathOf(order.tracking_url!));
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(html).toContain(`Load ${order.number}`);
      expect(html).toContain('2003 Honda Accord, VIN ending 004352');
      expect(html).toContain('Chicago, IL');
      expect(html).toContain('Picked up');
      expect(html).toContain('Delay reported');
      expect(html).toContain('<meta name="viewport"');
      expect(html).not.toContain('STAFF ONLY');
      expect(html).not.toContain('987.65');
      expect(html).not.toContain('1,450.00'); // the account does not show prices
      expect(html).not.toContain('1HGCM82633A004352');
      expect(html).not.toContain('1200 W Lake St');
      expect(html).not.toContain(id);
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-robots-tag')).toContain('noindex');
      expect(r.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect((await page(`${pathOf(order.tracking_url!)}/bol.pdf`)).status).toBe(404); // not delivered yet
    });

    it('shows the price when the account says so', async () => {
      const key = await h.key('pricey');
      const cus = (await h.call('POST', '/v1/customers', { key, body: { name: 'P' } })).body.id;
      await h.call('PATCH', '/v1/account', { key, body: { tracking_shows_price: true } });
      const o = (await h.call('POST', '/v1/orders', { key, body: orderBody(cus, { price: 145_000 }) })).body;
      expect(await (await page(pathOf(o.tracking_url))).text()).toContain('$1,450.00');
    });

    it('gives the signed bill of lading once delivered', async () => {
      const id = await f.order(customerId, { until: 'delivered' });
      const order = (await h.op('getOrder', { params: { order_id: id } })).body;
      const html = await (await page(pathOf(order.tracking_url!))).text();
      expect(html).toContain('Delivered');
      const bol = await page(`${pathOf(order.tracking_url!)}/bol.pdf`);
      expect(bol.status).toBe(200);
      expect(bol.headers.get('content-type')).toBe('application/pdf');
      expect(await pdfText(await bol.arrayBuffer())).toContain('R. Receiver');
    });

    it('kills the old link at once when rotated (orders:write), the new one opens', async () => {
      const id = await f.order(customerId, { until: 'pending' });
      const before = (await h.op('getOrder', { params: { order_id: id } })).body.tracking_url!;
      const readOnly = await h.key('acme', 'orders:read');
      expect((await h.op('rotateOrderTrackingLink', { params: { order_id: id }, key: readOnly })).status).toBe(403);
      const rotated = await h.op('rotateOrderTrackingLink', { params: { order_id: id } });
      expect(rotated.status).toBe(200);
      expect(rotated.body.tracking_url).not.toBe(before);
      const dead = await page(pathOf(before));
      expect(dead.status).toBe(404);
      const unknown = await page('/t/trk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(await dead.text()).toBe(await unknown.text()); // nothing learned from which it is
      expect((await page(pathOf(rotated.body.tracking_url!))).status).toBe(200);
      const other = await h.key('globex');
      expect((await h.call('POST', `/v1/orders/${id}/tracking_link/rotate`, { key: other })).status).toBe(404);
    });

    it('expires 30 days after delivery or cancellation', async () => {
      const delivered = await f.order(customerId, { until: 'delivered' });
      const cancelled = await f.order(customerId, { until: 'cancelled' });
      const urls = await Promise.all([delivered, cancelled].map(async (id) => pathOf((await h.op('getOrder', { params: { order_id: id } })).body.tracking_url!)));
      offsetMs = 29 * 86_400_000;
      for (const u of urls) expect((await page(u)).status).toBe(200);
      offsetMs = 31 * 86_400_000;
      for (const u of urls) expect((await page(u)).status).toBe(404);
      expect((await page(`${urls[0]}/bol.pdf`)).status).toBe(404);
      offsetMs = 0;
    });

    it('gives an order made before tracking links one on its next move', async () => {
      const id = await f.order(customerId, { until: 'pending' });
      await h.database.db.em().nativeUpdate(Order, { id }, { trackingLink: null });
      expect((await h.op('getOrder', { params: { order_id: id } })).body.tracking_url).toBeNull();
      const dispatched = await h.op('dispatchOrder', { params: { order_id: id }, body: { carrier_id: await f.activeCarrier() } });
      expect(dispatched.body.tracking_url).toMatch(/\/t\/trk_/);
    });

    it('throttles each client address', async () => {
      const throttled = await startHarness(backend, { publicPageLimit: PUBLIC_PAGE_POLICY });
      try {
        const answers = [];
        for (let i = 0; i < 32; i++) answers.push((await fetch(`${throttled.url}/t/trk_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB`)).status);
        expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
        expect(answers.at(-1)).toBe(429);
      } finally {
        await throttled.close();
      }
    });
  });

  describe('the hosted invoice page', () => {
    it('shows a sent invoice: its lines, what is due, how to pay, its PDF and the loads\' tracking links', async () => {
      await h.call('PATCH', '/v1/account', { body: { payment_instructions: 'ACH to First Lakeshore Bank, account 4400117722.' } });
      const id = await f.order(customerId, { until: 'delivered', body: { reference: 'PO-55' } });
      const order = (await h.op('getOrder', { params: { order_id: id } })).body;
      const inv = await f.invoice(customerId, [id]);
      expect(inv.hosted_invoice_url).toMatch(/\/i\/hinv_[A-Za-z0-9_-]{32}$/);
      const r = await page(pathOf(inv.hosted_invoice_url));
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(html).toContain(`Invoice ${inv.number}`);
      expect(html).toContain('$1,450.00 due by');
      expect(html).toContain('First Lakeshore Bank');
      expect(html).toContain(`${order.number} (ref. PO-55)`);
      expect(html).toContain(order.tracking_url);
      expect(html).not.toContain('1,200.00'); // carrier pay
      const pdf = await page(`${pathOf(inv.hosted_invoice_url)}/invoice.pdf`);
      expect(pdf.status).toBe(200);
      expect(await pdfText(await pdf.arrayBuffer())).toContain(inv.number);
      // The invoice email links the page.
      const messages = await h.op('listMessages', { query: { subject_id: inv.id } });
      expect(messages.body.data[0]!.text).toContain(inv.hosted_invoice_url);
    });

    it('has no page for a draft; says paid once paid; dies 30 days after', async () => {
      const draft = await f.invoice(customerId, [], { status: 'DRAFT' });
      expect(draft.hosted_invoice_url).toBeNull();
      const paid = await f.invoice(customerId, [], { status: 'PAID' });
      expect(await (await page(pathOf(paid.hosted_invoice_url))).text()).toContain('Paid in full');
      offsetMs = 31 * 86_400_000;
      expect((await page(pathOf(paid.hosted_invoice_url))).status).toBe(404);
      offsetMs = 0;
    });

    it('never opens with a tracking token, nor a tracking page with an invoice token', async () => {
      const inv = await f.invoice(customerId, []);
      const token = pathOf(inv.hosted_invoice_url).split('/')[2];
      expect((await page(`/t/${token}`)).status).toBe(404);
    });
  });

  describe('the customer\'s emails at dispatch, pickup and delivery', () => {
    let smtp: TestSmtpServer;
    let runner: JobRunner;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      const log = pino({ level: 'silent' });
      const transport = createMailTransport(smtp.url);
      runner = new JobRunner({ db: h.database.db, clock: h.clock, log, handlers: { [MAIL_JOB]: mailJob({ db: h.database.db, clock: h.clock, log, transport, from: 'Broker <dispatch@broker.example>' }) } });
    });
    afterAll(() => smtp.close());
    const drain = async () => {
      while ((await runner.runOnce()) > 0);
    };

    it('sends the delivery email by default, with the tracking link and the signed bill of lading attached', async () => {
      const cus = await f.customer({ name: 'Dealer One', email: 'dealer@one.example' });
      const id = await f.order(cus, { until: 'delivered', body: { reference: 'STK-4411' } });
      const order = (await h.op('getOrder', { params: { order_id: id } })).body;
      await drain();
      const mails = smtp.received.filter((m) => m.to.includes('dealer@one.example'));
      expect(mails).toHaveLength(1); // dispatch and pickup are off by default
      const mail = mails[0]!.parsed;
      expect(mail.subject).toBe(`Load ${order.number} (ref. STK-4411) delivered: Chicago, IL to Miami Beach, FL`);
      expect(mail.text).toContain(order.tracking_url);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe(`bill-of-lading-${order.number}.pdf`);
      const text = await pdfText(new Uint8Array(mail.attachments[0]!.content).buffer as ArrayBuffer);
      expect(text).toContain('R. Receiver');
      expect(text).toContain(order.number);
      expect(text).not.toContain('1,200.00');
      // From the email alone: the tracking page, its timeline, the bill of lading.
      const link = /https?:\/\/\S+\/t\/trk_[A-Za-z0-9_-]{32}/.exec(mail.text ?? '')![0];
      const html = await (await page(pathOf(link))).text();
      expect(html).toContain('Delivered');
      expect((await page(`${pathOf(link)}/bol.pdf`)).status).toBe(200);
      // Each is a message of the order, with its delivery status.
      const messages = await h.op('listMessages', { query: { subject_id: id } });
      expect(messages.body.data.map((m) => [m.kind, m.status])).toEqual([['order_delivered', 'sent'], ['rate_confirmation', 'sent']]);
    });

    it('sends at the moments the customer asks, to the address it gives, without attachment before delivery', async () => {
      const cus = await f.customer({ name: 'Dealer Two', email: 'dealer@two.example', notifications: { moments: ['dispatched', 'picked_up'], email: 'logistics@two.example' } });
      expect((await h.op('getCustomer', { params: { customer_id: cus } })).body.notifications).toEqual({ moments: ['dispatched', 'picked_up'], email: 'logistics@two.example' });
      const id = await f.order(cus, { until: 'delivered' });
      await drain();
      const mails = smtp.received.filter((m) => m.to.includes('logistics@two.example'));
      expect(mails.map((m) => m.parsed.subject?.split(':')[0]).sort()).toEqual([expect.stringMatching(/carrier assigned$/), expect.stringMatching(/picked up$/)]); // sent in parallel
      expect(mails.every((m) => m.parsed.attachments.length === 0)).toBe(true);
      const messages = await h.op('listMessages', { query: { subject_id: id } });
      const notice = messages.body.data.find((m) => m.kind === 'order_dispatched')!;
      expect(notice.attachments).toEqual([]);
      expect((await h.call('GET', `/v1/messages/${notice.id}/attachments/0.pdf`)).status).toBe(404);
    });

    it('withdraws an email not sent yet when the load is cancelled', async () => {
      const cus = await f.customer({ name: 'Dealer Three', email: 'dealer@three.example', notifications: { moments: ['dispatched'] } });
      const id = await f.order(cus, { until: 'dispatched' });
      await h.op('cancelOrder', { params: { order_id: id }, body: {} });
      await drain();
      expect(smtp.received.filter((m) => m.to.includes('dealer@three.example'))).toHaveLength(0);
      const messages = await h.op('listMessages', { query: { subject_id: id, kind: 'order_dispatched' } });
      expect(messages.body.data.map((m) => m.status)).toEqual(['cancelled']);
    });

    it('keeps them, never sent, in test mode', async () => {
      const testKey = await h.key('acme', 'all', { livemode: false });
      const tf = fixtures(h, testKey);
      const cus = await tf.customer({ name: 'Test dealer', email: 'dealer@test.example' });
      const id = await tf.order(cus, { until: 'delivered' });
      await drain();
      expect(smtp.received.filter((m) => m.to.includes('dealer@test.example'))).toHaveLength(0);
      const messages = await h.call('GET', `/v1/messages?subject_id=${id}&kind=order_delivered`, { key: testKey });
      expect(messages.body.data.map((m: { status: string }) => m.status)).toEqual(['kept']);
    });
  });
});
