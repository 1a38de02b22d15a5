// The customer's pages in Chromium on a phone: the tracking page from the link of an order, its
// signed bill of lading, a rotated link's plain 404, and an invoice's hosted page with its loads'
// tracking links; each page checked with axe-core (no serious or critical violation), with no
// script, no request to another origin and no Content-Security-Policy violation.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { backends } from '../support/databases.js';
import { fixtures, type Fixtures } from '../support/fixtures.js';
import { startHarness, type Harness } from '../support/harness.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissing } from './chromium.js';

const missing = chromiumMissing();
if (missing && process.env.CI) throw new Error(`Browser tests cannot be skipped in CI: ${missing}`);
const SCREENSHOTS = 'reports/screenshots';

describe.skipIf(missing !== null)('the customer pages in Chromium on a phone', () => {
  let h: Harness;
  let f: Fixtures;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const foreign: string[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    h = await startHarness(backends()[0]!);
    f = fixtures(h);
    await h.call('PATCH', '/v1/account', { body: { legal_name: 'Roadway Auto Transport LLC', phone: '+13125550142', payment_instructions: 'ACH to First Lakeshore Bank, routing 071000013.' } });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // A phone: 390 x 844 CSS pixels, touch, a mobile user agent. axe-core is injected past the CSP.
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true });
    page = await context.newPage();
    page.on('request', (r) => !r.url().startsWith(h.url) && !r.url().startsWith('data:') && foreign.push(r.url()));
    page.on('console', (m) => m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text()) && cspViolations.push(m.text()));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  /** The link's path on this server (links are made under PUBLIC_URL). */
  const open = (url: string) => page.goto(h.url + new URL(url).pathname);

  const seriousOrCritical = async () => {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}`);
  };

  it('shows a delivered load from its link: the timeline and the signed bill of lading, fitting the phone', async () => {
    const customer = await f.customer({ name: 'Acme Auto Sales', email: 'ap@acme.example' });
    const id = await f.order(customer, { until: 'delivered', body: { reference: 'STK-4411' } });
    const order = (await h.op('getOrder', { params: { order_id: id } })).body;
    const answer = await open(order.tracking_url!);
    expect(answer!.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Load ${order.number}`);
    expect(await page.locator('main').textContent()).toContain('Your reference: STK-4411');
    const history = await page.getByRole('list').last().textContent();
    for (const step of ['Booked', 'Carrier assigned', 'Picked up', 'Delivered']) expect(history).toContain(step);
    // Nothing wider than the phone's screen.
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENSHOTS, 'tracking-phone.png'), fullPage: true });
    expect(await seriousOrCritical()).toEqual([]);
    const bol = page.getByRole('link', { name: /signed bill of lading/ });
    const href = (await bol.getAttribute('href'))!;
    const pdf = await page.evaluate(async (href) => {
      const r = await fetch(href);
      return { status: r.status, type: r.headers.get('content-type'), start: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) };
    }, href);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });
  });

  it('answers a rotated link with a plain page that says nothing of the order', async () => {
    const customer = await f.customer({ name: 'Zoë Motors', email: 'z@zoe.example' });
    const id = await f.order(customer, { until: 'dispatched' });
    const before = (await h.op('getOrder', { params: { order_id: id } })).body.tracking_url!;
    await h.op('rotateOrderTrackingLink', { params: { order_id: id } });
    const answer = await open(before);
    expect(answer!.status()).toBe(404);
    const text = (await page.locator('main').textContent())!;
    expect(text).toContain('This link does not open anything');
    expect(text).not.toContain('Zoë');
    expect(await seriousOrCritical()).toEqual([]);
  });

  it('shows a sent invoice with what is due, how to pay and its loads\' tracking links', async () => {
    const customer = await f.customer({ name: 'Acme Auto Sales', email: 'ap@acme.example' });
    const id = await f.order(customer, { until: 'delivered' });
    const invoice = await f.invoice(customer, [id]);
    const answer = await open(invoice.hosted_invoice_url);
    expect(answer!.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Invoice ${invoice.number}`);
    expect(await page.locator('main').textContent()).toContain('First Lakeshore Bank');
    expect(await page.getByRole('link', { name: /^Track load L-/ }).count()).toBe(1);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENSHOTS, 'hosted-invoice-phone.png'), fullPage: true });
    expect(await seriousOrCritical()).toEqual([]);
  });

  it('made no request to another origin and broke no Content-Security-Policy', () => {
    expect(foreign).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
