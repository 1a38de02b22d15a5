// The dashboard in a real Chromium against a real server on a fresh embedded database: the first-start
// login, customers, carriers vetted on the local registry, an order dispatched and delivered, a webhook
// endpoint receiving its deliveries (replayed, secret rotated), the account's settings, the order's
// documents (rate confirmation, bill of lading) and its email, the order invoiced, sent (its PDF, its
// email in Mail with no mail server, resent) and paid and its carrier paid (the trial balance settles),
// an invoice sent by post through the print queue, the reports (margin by customer, carrier and lane,
// receivables aging), keys, the team, a viewer who can change nothing, a developer who sees no
// accounting, CSRF, and signing out. Screenshots of the main pages (1280x800) go to reports/screenshots/.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { migratedDataDir } from '../support/embedded-database.js';
import { freePort } from '../support/ports.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissing } from './chromium.js';
import { checkedFetch } from '../support/contract-check.js';

const missing = chromiumMissing();
if (missing) {
  const banner = `\n${'!'.repeat(78)}\n!! BROWSER TESTS SKIPPED: ${missing}\n${'!'.repeat(78)}\n`;
  if (process.env.CI) throw new Error(`Browser tests cannot be skipped in CI: ${missing}`);
  process.stderr.write(banner);
}

const SCREENSHOTS = 'reports/screenshots';
const VIN = '1HGCM82633A004352';

describe.skipIf(missing !== null)('the dashboard in Chromium', () => {
  let server: ChildProcess;
  let base: string;
  let owner: { email: string; password: string };
  let receiver: Receiver;
  let browser: Browser;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'vt-dashboard-'));
  // The local registry, as a copy this test changes (a carrier's registered phone) between reads.
  const registryFile = `${dataDir}-registry.json`;
  copyFileSync('src/carriers/registry/local-registry.json', registryFile);
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // What `npm start` does first: build the dashboard when missing or stale.
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/dashboard.ts', '--if-stale'], { stdio: 'inherit' });
    await migratedDataDir(dataDir);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      // One person's session goes through the whole product here in a minute or two, faster than anyone
      // clicks: its bucket is raised from 200 (100 a minute) to 2,000 (1,000 a minute); the rate limit
      // has tests of its own.
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '', CARRIER_REGISTRY_FILE: registryFile, RATE_LIMIT_BURST: '2000', RATE_LIMIT_PER_MINUTE: '1000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    while (!/sign in as (\S+) with the password[^\n]*\n\n\s+(\S+)/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const login = /sign in as (\S+) with the password[^\n]*\n\n\s+(\S+)/.exec(output);
    if (!login) throw new Error(`the server printed no dashboard login: ${output}`);
    owner = { email: login[1]!, password: login[2]! };
    receiver = await startReceiver();
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text()) && cspViolations.push(m.text()));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-secrets.key`, { force: true }); // the development secrets key beside it
    rmSync(registryFile, { force: true });
  });

  /** Every page state screenshotted, checked with axe-core: its serious and critical violations. */
  const accessibility = new Map<string, string[]>();
  /** A screenshot once nothing on the page is still loading, and its accessibility check. */
  const shot = async (name: string, { fullPage = false } = {}) => {
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    accessibility.set(
      name,
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
    );
  };
  const go = (path: string) => page.goto(`${base}/dashboard${path}`);
  const submit = (label: string) => page.locator('form button[type=submit]', { hasText: label }).click();
  /** A call from the page itself (same origin, with the session cookie). */
  const fetchFromPage = (path: string, init: { method: string; body?: unknown; csrf?: boolean }) =>
    page.evaluate(
      async ({ path, init }) => {
        const session = (await (await fetch('/v1/sessions/current')).json()) as { csrf_token: string };
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (init.csrf) headers['X-CSRF-Token'] = session.csrf_token;
        const r = await fetch(path, { method: init.method, headers, ...(init.body ? { body: JSON.stringify(init.body) } : {}) });
        return { status: r.status, body: (await r.json()) as { error?: { code: string } } };
      },
      { path, init },
    );

  /** What a link of the page answers when followed with the session (a PDF of the API): status, type, first bytes. */
  const follow = async (link: ReturnType<Page['getByTestId']>) => {
    const href = (await link.getAttribute('href'))!;
    return page.evaluate(async (href) => {
      const r = await fetch(href);
      const bytes = new Uint8Array(await r.arrayBuffer());
      return { href, status: r.status, type: r.headers.get('content-type'), start: String.fromCharCode(...bytes.slice(0, 5)), letters: r.headers.get('letter-count') };
    }, href);
  };
  /** A PDF link: opens in a new tab, and answers a PDF. */
  const expectPdfLink = async (link: ReturnType<Page['getByTestId']>, path: RegExp) => {
    expect(await link.getAttribute('target')).toBe('_blank');
    const got = await follow(link);
    expect(got).toMatchObject({ status: 200, type: 'application/pdf', start: '%PDF-' });
    expect(got.href).toMatch(path);
    return got;
  };
  const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  async function signIn(email: string, password: string) {
    await go('/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await submit('Sign in');
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe(email);
  }

  it('serves the app with strict security headers, and a client route falls back to index.html', async () => {
    const r = await checkedFetch(`${base}/dashboard/orders/ord_anything`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await r.text())).not.toMatch(/<script>(?!<)/); // no inline script
  });

  it('signs in with the login printed on first start', async () => {
    const consoleErrors: string[] = [];
    const onConsole = (m: { type(): string; text(): string }) => m.type() === 'error' && consoleErrors.push(m.text());
    page.on('console', onConsole);
    await go('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Vehicle Transport' }).isVisible()).toBe(true);
    await shot('sign-in');
    // The sign-in page asks the server nothing it would refuse (a 401 in the console before anyone signed in).
    page.off('console', onConsole);
    expect(consoleErrors).toEqual([]);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('not the password');
    await submit('Sign in');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The email or password is not correct.');
    expect(await page.getByRole('alert').textContent()).toMatch(/Request id: req_/);
    await signIn(owner.email, owner.password);
    await shot('home-empty');
  });

  it('creates a customer, and shows the API\'s message and request id when one is refused', async () => {
    await go('/customers');
    await page.locator('summary', { hasText: 'Add customer' }).click();
    await page.getByLabel('Name').fill('Acme Auto Sales');
    await page.getByLabel('Phone').fill('555-0142');
    await submit('Add customer');
    const error = page.locator('form .error');
    await expect.poll(() => error.textContent()).toMatch(/phone/);
    expect(await error.textContent()).toMatch(/Request id: req_[0-9A-Z]{26}/);
    await page.getByLabel('Phone').fill('+13125550142');
    await page.getByLabel('Email').fill('dispatch@acme-auto.example');
    await submit('Add customer');
    await expect.poll(() => page.locator('table').textContent()).toContain('Acme Auto Sales');
    await shot('customers');
  });

  it("sets the account's details that its documents carry, showing the API's message for a refused value", async () => {
    await go('/settings/account');
    await expect.poll(() => page.getByTestId('account-details').textContent()).toContain('not set');
    await page.locator('input[name=legal_name]').fill('Roadway Auto Transport LLC');
    await page.locator('input[name=email]').fill('billing@roadway-auto.example');
    await page.locator('input[name=phone]').fill('312-555-0142');
    await page.locator('input[name="address.address1"]').fill('200 W Adams St');
    await page.locator('input[name="address.address2"]').fill('Suite 1400');
    await page.locator('input[name="address.city"]').fill('Chicago');
    await page.locator('input[name="address.state"]').fill('il');
    await page.locator('input[name="address.zip"]').fill('60606');
    await page.locator('input[name="remit_to.address1"]').fill('PO Box 6120');
    await page.locator('input[name="remit_to.city"]').fill('Chicago');
    await page.locator('input[name="remit_to.state"]').fill('IL');
    await page.locator('input[name="remit_to.zip"]').fill('60680');
    await page.locator('textarea[name=payment_instructions]').fill('ACH to First Lakeshore Bank, routing 071000013, account 4400117722.\nNet 30.');
    await submit('Save settings');
    const error = page.locator('form .error');
    await expect.poll(() => error.textContent()).toMatch(/^phone is "312-555-0142", which is not in the allowed form/);
    expect(await error.textContent()).toMatch(/Request id: req_[0-9A-Z]{26}/);
    await page.locator('input[name=phone]').fill('+13125550142');
    await submit('Save settings');
    await expect.poll(() => page.getByTestId('account-saved').isVisible()).toBe(true);
    const details = page.getByTestId('account-details');
    expect(await details.textContent()).toContain('Roadway Auto Transport LLC');
    expect(await details.textContent()).toContain('200 W Adams St, Suite 1400, Chicago, IL 60606');
    expect(await details.textContent()).toContain('PO Box 6120, Chicago, IL 60680');
    const account = (await fetchFromPage('/v1/account', { method: 'GET' })).body as unknown as Record<string, unknown>;
    expect(account).toMatchObject({ legal_name: 'Roadway Auto Transport LLC', phone: '+13125550142', email: 'billing@roadway-auto.example', remit_to: { address1: 'PO Box 6120', zip: '60680' } });
    expect(account.payment_instructions).toBe('ACH to First Lakeshore Bank, routing 071000013, account 4400117722.\nNet 30.');
    await shot('account-settings');
  });

  it('onboards a carrier and follows its vetting on the local registry until it is active, with the registry snapshot', async () => {
    await go('/carriers');
    await page.locator('summary', { hasText: 'Onboard carrier' }).click();
    await page.getByLabel('DOT number').fill('2847193');
    await page.getByLabel('Contact name').fill('Maria Delgado');
    await page.getByLabel('Contact email').fill('dispatch@carrier.example');
    await page.getByLabel('Phone').fill('+16025550117');
    await submit('Onboard carrier');
    await expect.poll(() => page.getByTestId('vetting-result').textContent(), { timeout: 30_000 }).toMatch(/^Passed/);
    expect(await page.getByTestId('registry-snapshot').textContent()).toContain('Allowed to operateyes');
    expect(await page.locator('.page-header .badge').textContent()).toBe('active');
    await shot('carrier');
  });

  it("reads the carrier's registry record again on demand: a changed phone shows as a change and an identity alert, the carrier stays active", async () => {
    const registry = JSON.parse(readFileSync(registryFile, 'utf8')) as { carriers: { dotNumber: string; phone?: string }[] };
    registry.carriers.find((c) => c.dotNumber === '2847193')!.phone = '+13055550199';
    writeFileSync(registryFile, JSON.stringify(registry));
    await page.getByRole('button', { name: 'Read the registry now' }).click();
    const reads = page.getByTestId('registry-reads').locator('tbody tr');
    await expect.poll(() => reads.count()).toBe(1);
    expect(await reads.first().getAttribute('class')).toBe('changed');
    expect(await reads.first().getByTestId('changes').textContent()).toBe('phone: — → +13055550199');
    await expect.poll(() => page.getByTestId('carrier-alerts').textContent()).toContain('identity changed');
    expect(await page.getByTestId('carrier-alerts').textContent()).toContain('The registered phone changed.');
    expect(await page.locator('.page-header .badge').textContent()).toBe('active');
    await shot('carrier-monitoring');
    await go('/compliance');
    await expect.poll(() => page.getByTestId('alert-kind').first().textContent()).toContain('identity changed');
    expect(await page.getByTestId('alert-kind').first().getByTestId('changes').textContent()).toBe('phone: — → +13055550199');
  });

  it('adds a webhook endpoint for the local receiver and shows its signing secret once', async () => {
    await go('/settings/developers/webhooks');
    await page.getByRole('link', { name: 'Add endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description').fill('Local receiver');
    await page.getByLabel('Select events').check();
    // The specification's eighteen types but the deprecated compliance.alert, and carrier.rejected, invoice.overdue, invoice.delivery_failed,
    // payment.returned, invoice.reopened, order.reopened, carrier_payment.voided, customer.created, the four *.updated and the three
    // compliance_alert.* (documented additions).
    await expect.poll(() => page.locator('.event-groups input[type=checkbox]').count()).toBe(32);
    await shot('webhook-add');
    await page.getByLabel('All events (including types added later)').check();
    await submit('Add endpoint');
    await expect.poll(() => page.getByTestId('secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(receiver.url);
  });

  it('creates an order, checking the VIN as it is typed', async () => {
    // The receiver is down for the first delivery (order.created): it fails once, then waits for its retry.
    receiver.queue.push({ status: 503, body: '{"error":"maintenance"}' });
    await go('/orders/new');
    await page.locator('select[name=customer_id]').selectOption({ label: 'Acme Auto Sales' });
    for (const [stop, a] of [['pickup', ['1200 W Lake St', 'Chicago', 'IL', '60607']], ['delivery', ['500 Ocean Dr', 'Miami Beach', 'FL', '33139']]] as const) {
      await page.locator(`input[name="${stop}.address1"]`).fill(a[0]);
      await page.locator(`input[name="${stop}.city"]`).fill(a[1]);
      await page.locator(`input[name="${stop}.state"]`).fill(a[2]);
      await page.locator(`input[name="${stop}.zip"]`).fill(a[3]);
    }
    await page.locator('input[name="vehicles.0.year"]').fill('2003');
    await page.locator('input[name="vehicles.0.make"]').fill('Honda');
    await page.locator('input[name="vehicles.0.model"]').fill('Accord');
    const vin = page.locator('input[name="vehicles.0.vin"]');
    await vin.fill('1HGCM8263');
    expect(await page.getByTestId('vin-problem-0').textContent()).toBe('8 more characters.');
    await vin.fill('1HGCM82643A004352'); // position 9 wrong
    expect(await page.getByTestId('vin-problem-0').textContent()).toBe('Check digit mismatch: position 9 should be 3 for this VIN.');
    expect(await vin.getAttribute('aria-invalid')).toBe('true');
    await vin.fill('1HGCM8263OA004352');
    expect(await page.getByTestId('vin-problem-0').textContent()).toBe('A VIN never contains I, O or Q.');
    await shot('order-create-vin-check');
    await vin.fill(VIN.toLowerCase());
    expect(await vin.inputValue()).toBe(VIN);
    expect(await page.getByTestId('vin-problem-0').count()).toBe(0);
    await page.getByLabel('Price (USD)').fill('1250');
    await page.getByLabel('Carrier pay (USD)').fill('900');
    await submit('Create order');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('pending');
    expect(page.url()).toMatch(/\/dashboard\/orders\/ord_[0-9A-Z]{26}$/);
    // No document yet: the rate confirmation is made at dispatch, the bill of lading at delivery.
    expect(await page.getByTestId('rate-confirmation').count()).toBe(0);
  });

  it('dispatches the order to the active carrier, picks it up and delivers it with a signature; the timeline follows', async () => {
    await page.locator('select[name=carrier_id]').selectOption({ index: 1 });
    // The carrier's pay is agreed at dispatch: the order's, until changed here.
    expect(await page.locator('form', { hasText: 'Dispatch' }).getByLabel('Carrier pay (USD)').inputValue()).toBe('900');
    await submit('Dispatch');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('dispatched');
    // Dispatching emails the carrier its rate confirmation (kept, not sent: no mail server here).
    const orderId = page.url().split('/').at(-1)!;
    await expectPdfLink(page.getByTestId('rate-confirmation'), new RegExp(`^/v1/orders/${orderId}/rate_confirmation\\.pdf$`));
    expect(await page.getByTestId('bill-of-lading').count()).toBe(0);
    const email = page.getByTestId('subject-message');
    await expect.poll(() => email.count()).toBe(1);
    expect(await email.textContent()).toMatch(/^Rate confirmation .*Rate confirmationdispatch@carrier\.examplekept, not sent/);
    await page.getByRole('button', { name: 'Mark picked up' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('in transit');
    await page.getByLabel('Signed by').fill('Dana Ortiz');
    await submit('Mark delivered');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('delivered');
    await expect.poll(() => page.getByTestId('timeline').textContent()).not.toContain('to car_'); // the carrier's name, once read
    const timeline = await page.getByTestId('timeline').textContent();
    for (const step of ['Created', 'Dispatched', 'Picked up', 'Delivered', 'signed by Dana Ortiz']) expect(timeline).toContain(step);
    // Names beside the ids, each id whole on its line.
    expect(await page.getByTestId('order-customer').textContent()).toMatch(/^Acme Auto Sales cus_[0-9A-Z]{26}$/);
    expect(await page.getByTestId('order-carrier').textContent()).toMatch(/^[A-Z][A-Z .,&'-]+ car_[0-9A-Z]{26}$/);
    expect(await page.getByTestId('order-carrier').locator('code').evaluate((e) => (globalThis as unknown as { getComputedStyle(e: unknown): { whiteSpace: string } }).getComputedStyle(e).whiteSpace)).toBe('nowrap');
    // Delivered and billed by no invoice: invoiced from here, the form with this customer and this order alone.
    const invoiceIt = page.getByRole('link', { name: 'Invoice this order' });
    await expect.poll(() => invoiceIt.count()).toBe(1);
    await invoiceIt.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create invoice');
    await expect.poll(() => page.getByTestId('invoice-total').textContent()).toBe('Total: $1,250.00 (1 line)');
    expect(await page.locator('form select[name=customer_id] option:checked').textContent()).toBe('Acme Auto Sales');
    await page.goBack();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('delivered');
    await page.locator('input[name=note]').fill('Scratch on the rear bumper');
    await page.locator('select[name=kind]').selectOption('damage');
    await submit('Report exception');
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('Exception: damage');
    // Delivered: its bill of lading, signed by Dana Ortiz, beside the rate confirmation.
    await expectPdfLink(page.getByTestId('rate-confirmation'), /rate_confirmation\.pdf$/);
    await expectPdfLink(page.getByTestId('bill-of-lading'), new RegExp(`^/v1/orders/${orderId}/bill_of_lading\\.pdf$`));
    // The load number people say, in the title; the customer's tracking page, and a new link that kills the old one.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Load L-\d{6} · Acme Auto Sales/);
    const trackingUrl = await page.getByTestId('tracking-url').inputValue();
    expect(trackingUrl).toMatch(/\/t\/trk_[A-Za-z0-9_-]{32}$/);
    await page.getByRole('button', { name: 'New link' }).click();
    await page.locator('dialog[open] button', { hasText: 'New link' }).click(); // the app asks first: the old link dies
    await expect.poll(() => page.getByTestId('tracking-url').inputValue()).not.toBe(trackingUrl);
    expect((await fetch(`${base}${new URL(trackingUrl).pathname}`)).status).toBe(404);
    expect((await fetch(`${base}${new URL(await page.getByTestId('tracking-url').inputValue()).pathname}`)).status).toBe(200);
    await shot('order-detail');
    await go('/orders?status=delivered');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    // The list names each load by its number, with its customer's name.
    expect(await page.getByTestId('order-number').first().textContent()).toMatch(/^L-\d{6}$/);
    expect(await page.locator('tbody tr').first().textContent()).toContain('Acme Auto Sales');
    await go('/orders?status=cancelled');
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No cancelled order.');
    await shot('orders-empty-filter');
  });

  it('lists the failing endpoint on the home page', async () => {
    await receiver.waitFor(5, 20_000);
    // The home page reads the deliveries once, as it loads: until the worker has recorded the failed
    // attempt it may still show none, so the poll loads it again.
    await expect
      .poll(
        async () => {
          await go('/');
          return page.locator('.card', { hasText: 'Webhook endpoints failing' }).locator('ul').textContent({ timeout: 5_000 }).catch(() => '');
        },
        { timeout: 20_000 },
      )
      .toContain(`${receiver.url}: 1 failing of the last 20`);
    expect(await page.getByTestId('orders-delivered').textContent()).toBe('1');
    await shot('home');
  });

  it('shows the deliveries in the endpoint\'s log with every attempt, charts them, replays one and rotates the secret', async () => {
    // Every event since the endpoint was added: order.created (failed once, retry due in 30 s), .dispatched,
    // .in_transit, .delivered, .exception.
    await go('/settings/developers/webhooks');
    await page.getByRole('link', { name: receiver.url }).click();
    await expect.poll(async () => (await page.getByTestId('delivery').allTextContents()).filter((t) => t.includes('succeeded')).length, { timeout: 20_000 }).toBe(4);
    expect(await page.getByTestId('delivery-chart').getAttribute('aria-label')).toBe('Attempts: 4 succeeded, 1 failed');
    const failed = page.getByTestId('delivery').filter({ hasText: 'order.created' });
    expect(await failed.locator('.badge').textContent()).toBe('pending');
    await failed.getByRole('button', { name: '1 attempt' }).click();
    const failedAttempt = await page.locator('.attempts').textContent();
    expect(failedAttempt).toContain('503');
    expect(failedAttempt).toContain('{"error":"maintenance"}');
    await failed.getByRole('button', { name: '1 attempt' }).click();
    const row = page.getByTestId('delivery').filter({ hasText: 'order.delivered' });
    await row.getByRole('button', { name: '1 attempt' }).click();
    const attempts = await page.locator('.attempts').textContent();
    expect(attempts).toContain('200');
    expect(attempts).toContain('{"received":true}');
    await shot('webhook-endpoint');
    const eventId = (await row.locator('td').first().textContent())!;
    const before = receiver.received.length;
    await row.getByRole('button', { name: 'Replay' }).click();
    // The replay arrives beside the audit.privileged_action that records it (the endpoint takes "*").
    await expect.poll(() => receiver.received.slice(before).map((r) => r.headers['service-event-id']), { timeout: 15_000 }).toContain(eventId);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    // Asked in the app's own dialog, Cancel focused first.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
    await expect.poll(() => page.getByTestId('secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('disabled');
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('enabled');
  });

  it('sends a test event: it arrives at the receiver and appears in the log with its attempt', async () => {
    const endpointId = page.url().split('/').at(-1)!;
    expect(endpointId).toMatch(/^we_[0-9A-Z]{26}$/);
    const before = receiver.received.length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => page.getByTestId('test-event-sent').textContent()).toMatch(/^Test event evt_[0-9A-Z]{26} sent/);
    const eventId = /evt_[0-9A-Z]{26}/.exec((await page.getByTestId('test-event-sent').textContent())!)![0];
    await receiver.waitFor(before + 1, 15_000);
    const arrived = receiver.received.slice(before).map((r) => JSON.parse(r.body) as { id: string; type: string; data: { id: string; secret?: string } });
    const test = arrived.find((e) => e.id === eventId);
    expect(test).toMatchObject({ type: 'webhook_endpoint.test', data: { id: endpointId } });
    expect(test!.data.secret).toBeUndefined();
    // The log polls while the delivery is pending, then shows it succeeded, its attempt opened.
    const row = page.getByTestId('delivery').filter({ hasText: 'webhook_endpoint.test' });
    await expect.poll(() => row.locator('.badge').textContent(), { timeout: 15_000 }).toBe('succeeded');
    expect(await row.locator('td').first().textContent()).toBe(eventId);
    await expect.poll(() => page.locator('.attempts').textContent()).toContain('{"received":true}');
    await shot('webhook-test-event');
  });

  it('browses events and shows a payload, its place among its object\'s events and the request that caused it', async () => {
    await go('/settings/developers/events?type=order.delivered');
    await page.locator('tbody a').first().click();
    await expect.poll(() => page.getByTestId('payload').textContent()).toContain('"type": "order.delivered"');
    expect(await page.getByTestId('payload').textContent()).toContain('"signed_by": "Dana Ortiz"');
    const payload = JSON.parse((await page.getByTestId('payload').textContent())!) as { sequence: number; previous_event_id: string; request: { id: string }; data: { id: string } };
    expect(await page.getByTestId('sequence').textContent()).toBe(String(payload.sequence));
    expect(await page.getByTestId('request').textContent()).toBe(payload.request.id);
    await shot('event');
    // The previous event of the same order, one lower.
    await page.getByTestId('previous-event').getByRole('link').click();
    await expect.poll(() => page.getByTestId('sequence').textContent()).toBe(String(payload.sequence - 1));
    expect(await page.getByTestId('payload').textContent()).toContain(`"id": "${payload.previous_event_id}"`);
    // The order's history: its events oldest first, numbered 1..n.
    await page.getByRole('link', { name: payload.data.id }).click();
    const rows = page.getByTestId('event');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(payload.sequence);
    const seqs = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]!.textContent));
    expect(seqs).toEqual(seqs.map((_, i) => String(i + 1)));
    expect(await rows.first().textContent()).toContain('order.created');
    expect(await rows.nth(payload.sequence - 1).textContent()).toContain('order.delivered');
    // The catalog of event types.
    await page.getByRole('link', { name: 'Event types' }).click();
    await expect.poll(() => page.getByTestId('event-type').count()).toBeGreaterThan(18);
    // Exactly the type's own entry: other types' descriptions name order.delivered too (order.updated's does).
    const delivered = page.getByTestId('event-type').filter({ has: page.locator('summary > code').getByText('order.delivered', { exact: true }) });
    expect(await delivered.textContent()).toContain('(order)');
    await delivered.locator('summary').click();
    await expect.poll(() => delivered.locator('pre').textContent()).toContain('"const": "order.delivered"');
  });

  it('invoices the delivered order from the customer\'s unbilled orders, sends it, records its payment, its return and its payment again', async () => {
    await go('/accounting/invoices');
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No invoice yet.');
    await page.getByRole('link', { name: 'Create invoice' }).click();
    // The list has a customer filter of the same name: choose in the form once it is the page.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create invoice');
    await page.locator('select[name=customer_id]').selectOption({ label: 'Acme Auto Sales' });
    const unbilled = page.getByTestId('unbilled-orders').locator('tbody tr');
    await expect.poll(() => unbilled.count()).toBe(1);
    expect(await unbilled.textContent()).toContain('Chicago, IL to Miami Beach, FL');
    expect(await page.getByTestId('invoice-total').textContent()).toBe('Total: $1,250.00 (1 line)');
    await shot('invoice-create');
    await submit('Create invoice');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('DRAFT');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Invoice INV-000001');
    expect(await page.getByTestId('invoice-lines').textContent()).toContain('Chicago, IL to Miami Beach, FL - 2003 Honda Accord');
    // Every send carries an Idempotency-Key of its own (a retried request sends once; the next click sends again).
    // The invoice's sends (not the kept email's Send now, POST /v1/messages/{id}/send).
    const sendKeys: (string | undefined)[] = [];
    const onRequest = (r: import('playwright-core').Request) => void (r.method() === 'POST' && /\/v1\/invoices\/[^/]+\/send$/.test(r.url()) && sendKeys.push(r.headers()['idempotency-key']));
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Send invoice' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('SENT');
    expect(await page.getByTestId('amount-remaining').textContent()).toBe('$1,250.00');
    expect(await page.locator('input[name=amount]').inputValue()).toBe('1250.00');
    // Emailed to the customer: how that delivery stands, and the invoice's PDF.
    const invoicePath = new URL(page.url()).pathname.replace(/^\/dashboard/, '');
    const invoiceId = invoicePath.split('/').at(-1)!;
    const delivery = page.getByTestId('invoice-delivery');
    expect(await delivery.textContent()).toMatch(/^ChannelEmailTodispatch@acme-auto\.exampleStatuskept, not sentAttempts0Last error—Sent—Not sent: no mail server was configured \(SMTP_URL\)/);
    await expectPdfLink(page.getByTestId('invoice-pdf'), new RegExp(`^/v1/invoices/${invoiceId}\\.pdf$`));
    await expect.poll(() => page.getByTestId('subject-message').count()).toBe(1);
    await shot('invoice-sent');

    // Its email in Mail, kept (no mail server here: see the notice below, once emails waited long enough to tell).
    await page.locator('nav a', { hasText: 'Mail' }).click();
    const email = page.getByTestId('message').filter({ hasText: 'Invoice INV-000001' });
    await expect.poll(() => email.getByTestId('message-status').textContent()).toBe('kept, not sent');
    expect(await email.textContent()).toContain('dispatch@acme-auto.example');
    await page.locator('select[name=kind]').selectOption('invoice');
    await expect.poll(() => page.getByTestId('message').count()).toBe(1);
    await page.locator('select[name=kind]').selectOption('');
    await expect.poll(() => page.getByTestId('message').count()).toBe(3); // and the rate confirmation, and the customer's delivery email
    expect(await page.getByTestId('message').filter({ hasText: 'Load email: delivered' }).count()).toBe(1);
    await email.getByRole('link').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Invoice INV-000001 from Roadway Auto Transport LLC/);
    expect(await page.getByTestId('message-details').textContent()).toContain('Acme Auto Sales, dispatch@acme-auto.example');
    expect(await page.getByTestId('message-status').textContent()).toBe('kept, not sent');
    // Kept, with a way to send it; here no mail server is configured, which the answer says.
    expect(await page.getByTestId('kept-email').textContent()).toContain('Kept, not sent: no mail server was configured (SMTP_URL)');
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => page.getByTestId('kept-email').textContent()).toContain('No mail server is configured here (SMTP_URL)');
    expect(await page.getByTestId('message-text').textContent()).toContain('Hello Acme Auto Sales,');
    await expectPdfLink(page.getByTestId('attachment'), /^\/v1\/messages\/msg_[0-9A-Z]{26}\/attachments\/0\.pdf$/);
    await shot('mail-message');
    // The HTML body, in a frame where nothing runs.
    await page.getByRole('button', { name: 'Show as HTML' }).click();
    const frame = page.getByTestId('message-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('<p>Hello Acme Auto Sales,</p>');
    await page.getByRole('button', { name: 'Show as HTML' }).click();
    await expect.poll(() => page.getByTestId('message-text').isVisible()).toBe(true);

    // Resent from its page to another address: a new message, the invoice's delivery is now that one.
    await go(invoicePath);
    await page.getByLabel('Another email address').check();
    await page.locator('input[name=send_email]').fill('ap@acme-auto.example');
    await submit('Resend');
    await expect.poll(() => page.getByTestId('resent').textContent()).toMatch(
      // No mail server in these tests: the new email is kept, and the page says so rather than "sent".
      /^Written again and kept, not sent \(no mail server was configured; send it from its page, Send now\): message msg_[0-9A-Z]{26}, to ap@acme-auto\.example\.$/,
    );
    await expect.poll(() => page.getByTestId('invoice-delivery').textContent()).toContain('Toap@acme-auto.example');
    await expect.poll(() => page.getByTestId('subject-message').count()).toBe(2);
    expect(await page.locator('.page-header .badge').textContent()).toBe('SENT');
    page.off('request', onRequest);
    expect(sendKeys).toHaveLength(2);
    expect(sendKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sendKeys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sendKeys[0]).not.toBe(sendKeys[1]);
    await go('/accounting/mail?kind=invoice');
    await expect.poll(() => page.getByTestId('message').filter({ hasText: 'Invoice INV-000001' }).count()).toBe(2);
    await go(invoicePath);
    await expect.poll(() => page.locator('input[name=amount]').inputValue()).toBe('1250.00');
    await page.locator('input[name=reference]').fill('ACH-0001');
    await submit('Record payment');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('PAID');
    expect(await page.getByTestId('amount-remaining').textContent()).toBe('$0.00');
    await expect.poll(() => page.getByTestId('payment').count()).toBe(1);
    // A paid invoice has one thing left to do: record that the bank took its payment back.
    expect(await page.locator('main form').count()).toBe(1);
    await shot('invoice-paid');
    await page.locator('input[name=return_reason]').fill('R01: insufficient funds');
    await submit('Record return');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('SENT');
    expect(await page.getByTestId('amount-remaining').textContent()).toBe('$1,250.00');
    await expect.poll(() => page.getByTestId('payment').textContent()).toContain('returned');
    expect(await page.getByTestId('payment').textContent()).toContain('R01: insufficient funds');
    expect(await page.locator('input[name=return_reason]').count()).toBe(0);
    await shot('invoice-payment-returned');
    // Paid again by wire: PAID again, two payments.
    await expect.poll(() => page.locator('input[name=amount]').inputValue()).toBe('1250.00');
    await page.locator('select[name=payment_method]').selectOption('wire');
    await page.locator('input[name=reference]').fill('FED-0002');
    await submit('Record payment');
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('PAID');
    await expect.poll(() => page.getByTestId('payment').count()).toBe(2);
    // The order is billed now: nothing is left to invoice for this customer.
    await go('/accounting/invoices/new');
    await page.locator('select[name=customer_id]').selectOption({ label: 'Acme Auto Sales' });
    await expect.poll(() => page.locator('.empty').textContent()).toBe('This customer has no delivered order left to bill.');
    await go('/accounting/invoices?status=PAID');
    await expect.poll(() => page.getByTestId('invoice').count()).toBe(1);
    // (The customer's name replaces its id once the customers are read.)
    await expect.poll(() => page.getByTestId('invoice').textContent()).toContain('Acme Auto Sales');
    await shot('invoices');
    await page.locator('select[name=status]').selectOption('DRAFT');
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No invoice matches these filters.');
    await go('/accounting/payments');
    await expect.poll(() => page.getByTestId('payment').count()).toBe(2);
    expect(await page.getByTestId('payment').nth(1).textContent()).toContain('ACH-0001');
    expect(await page.getByTestId('payment').nth(1).textContent()).toContain('returned');
    await shot('payments');
  }, 120_000);

  it('pays the carrier for the delivered order, and the trial balance shows receivable and payable settled', async () => {
    await go('/accounting/carrier-payments');
    await expect.poll(() => page.locator('.empty').textContent()).toBe('No carrier payment yet.');
    await page.locator('summary', { hasText: 'Pay carrier' }).click();
    await page.locator('select[name=carrier_id]').selectOption({ index: 1 });
    const unpaid = page.getByTestId('unpaid-orders').locator('tbody tr');
    await expect.poll(() => unpaid.count()).toBe(1);
    await unpaid.locator('input[type=checkbox]').check();
    expect(await page.getByTestId('carrier-payment-total').textContent()).toBe('Total: $900.00');
    await submit('Pay carrier');
    await expect.poll(() => page.getByTestId('carrier-payment').count()).toBe(1);
    expect(await page.getByTestId('carrier-payment').textContent()).toContain('$900.00');
    await expect.poll(() => page.locator('details .empty').textContent()).toBe('No delivered order of this carrier is waiting for payment.');
    await shot('carrier-payments');
    // Its remittance advice: emailed to the carrier (kept here), and its PDF.
    expect(await page.getByTestId('carrier-payment').textContent()).toContain('kept, not sent');
    await page.getByTestId('carrier-payment').getByRole('link').first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Carrier payment $900.00');
    expect(await page.getByTestId('remittance-delivery').textContent()).toMatch(/^ChannelEmailTodispatch@carrier\.exampleStatuskept, not sentAttempts0/);
    await expectPdfLink(page.getByTestId('remittance-pdf'), /^\/v1\/carrier_payments\/cpy_[0-9A-Z]{26}\.pdf$/);
    await expect.poll(() => page.getByTestId('subject-message').textContent()).toMatch(/^Remittance advice: \$900\.00 paid by Roadway Auto Transport LLC/);
    await go('/accounting/ledger');
    const balance = (account: string) => page.getByTestId(`balance-${account}`).locator('.balance').textContent();
    await expect.poll(() => balance('accounts_receivable')).toBe('$0.00');
    expect(await balance('carrier_payable')).toBe('$0.00');
    expect(await balance('cash')).toBe('$350.00');
    expect(await balance('revenue')).toBe('$1,250.00');
    expect(await page.getByTestId('total-debits').textContent()).toBe(await page.getByTestId('total-credits').textContent());
    await expect.poll(() => page.getByTestId('ledger-entry').count()).toBeGreaterThanOrEqual(6);
    await shot('ledger');
    await page.locator('select[name=ledger_account]').selectOption('accounts_receivable');
    await expect.poll(async () => (await page.getByTestId('ledger-entry').allTextContents()).every((t) => t.includes('Accounts receivable'))).toBe(true);
  }, 120_000);

  it('sends a past-due invoice by post: marked past due, its letter waits in the print queue, prints as one PDF and is marked posted', async () => {
    const customers = (await fetchFromPage('/v1/customers?limit=100', { method: 'GET' })).body as unknown as { data: { id: string; name: string }[] };
    const customerId = customers.data.find((c) => c.name === 'Acme Auto Sales')!.id;
    // Due ten days ago: 1 to 30 days past due once sent.
    const draft = await fetchFromPage('/v1/invoices', { method: 'POST', csrf: true, body: { customer_id: customerId, due_date: isoDay(-10), lines: [{ description: 'Storage', quantity: 1, unit_amount: 30_000 }] } });
    expect(draft.status).toBe(201);
    const invoice = draft.body as unknown as { id: string; number: string };
    await go(`/accounting/invoices/${invoice.id}`);
    await expect.poll(() => page.locator('.page-header .badge').first().textContent()).toBe('DRAFT');
    await page.getByLabel('Another postal address, by post').check();
    await page.locator('input[name="send_address.address1"]').fill('4400 Commerce Blvd');
    await page.locator('input[name="send_address.city"]').fill('Joliet');
    await page.locator('input[name="send_address.state"]').fill('IL');
    await page.locator('input[name="send_address.zip"]').fill('60431');
    await submit('Send invoice');
    await expect.poll(() => page.getByTestId('invoice-delivery-status').textContent()).toBe('in the print queue');
    expect(await page.getByTestId('invoice-delivery').textContent()).toMatch(/^ChannelPost \(a letter\)To4400 Commerce Blvd, Joliet, IL 60431Status/);
    expect(await page.getByTestId('past-due').textContent()).toBe('Past due');
    await shot('invoice-past-due-by-post');
    // Past due in the list, and found by its filter.
    await go('/accounting/invoices?past_due=true');
    await expect.poll(() => page.getByTestId('invoice').count()).toBe(1);
    expect(await page.getByTestId('invoice').textContent()).toMatch(new RegExp(`^${invoice.number}SENT Past due`));
    await page.locator('select[name=past_due]').selectOption('false');
    await expect.poll(async () => (await page.getByTestId('invoice').allTextContents()).some((t) => t.startsWith(invoice.number))).toBe(false);
    expect(await page.getByTestId('invoice').count()).toBeGreaterThan(0);

    // The print queue: the letter, today's letters as one PDF, then marked posted.
    await page.locator('nav a', { hasText: 'Print queue' }).click();
    const letter = page.getByTestId('letter');
    await expect.poll(() => letter.count()).toBe(1);
    expect(await letter.textContent()).toContain(`Invoice ${invoice.number} from Roadway Auto Transport LLC`);
    expect(await letter.textContent()).toContain('Acme Auto Sales4400 Commerce Blvd, Joliet, IL 60431in the print queue');
    const todays = page.getByTestId('letters-today');
    await expect.poll(() => todays.textContent()).toBe("Download today's letters (1)");
    expect(await follow(todays)).toMatchObject({ href: `/v1/print_queue/letters.pdf?date=${isoDay()}`, status: 200, type: 'application/pdf', start: '%PDF-', letters: '1' });
    expect(await follow(page.getByTestId('letters-all'))).toMatchObject({ status: 200, type: 'application/pdf', start: '%PDF-', letters: '1' });
    const [download] = await Promise.all([page.waitForEvent('download'), todays.click()]);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shot('print-queue');
    await letter.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark selected as posted' }).click();
    await expect.poll(() => page.getByTestId('marked').textContent()).toBe('1 letter marked as posted.');
    await expect.poll(() => letter.count()).toBe(0);
    expect(await page.getByTestId('posted-letter').first().textContent()).toMatch(new RegExp(`^Invoice ${invoice.number} .*4400 Commerce Blvd, Joliet, IL 60431posted`));
    expect(await page.getByTestId('letters-today').textContent()).toMatch(/^No letter made today/);
    // Nothing left to print: the API says so.
    expect((await fetchFromPage('/v1/print_queue/letters.pdf', { method: 'GET' })).status).toBe(404);
    await go(`/accounting/invoices/${invoice.id}`);
    await expect.poll(() => page.getByTestId('invoice-delivery-status').textContent()).toBe('posted');
  });

  it('reports margin and operations for the period in the URL, drawn and downloadable as CSV that equals what the API says', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    // Beside the scenario's order (delivered on time, invoiced, paid, its carrier paid): one cancelled,
    // and one delivered late (ready a week ago, one day's window).
    const customers = (await fetchFromPage('/v1/customers?limit=100', { method: 'GET' })).body as unknown as { data: { id: string; name: string }[] };
    const carriers = (await fetchFromPage('/v1/carriers?status=active&limit=1', { method: 'GET' })).body as unknown as { data: { id: string }[] };
    const customerId = customers.data.find((c) => c.name === 'Acme Auto Sales')!.id;
    const newOrder = async (extra: Record<string, unknown>) =>
      (
        (
          await fetchFromPage('/v1/orders', {
            method: 'POST',
            csrf: true,
            body: {
              customer_id: customerId,
              pickup: { address1: '1 A St', city: 'Austin', state: 'TX', zip: '78701' },
              delivery: { address1: '2 B St', city: 'Dallas', state: 'TX', zip: '75201' },
              vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }],
              ...extra,
            },
          })
        ).body as unknown as { id: string }
      ).id;
    const cancelled = await newOrder({ ready_date: today });
    expect((await fetchFromPage(`/v1/orders/${cancelled}/cancel`, { method: 'POST', csrf: true, body: {} })).status).toBe(200);
    const late = await newOrder({ ready_date: from, delivery_window_days: 1, carrier_pay: 10_000 });
    expect((await fetchFromPage(`/v1/orders/${late}/dispatch`, { method: 'POST', csrf: true, body: { carrier_id: carriers.data[0]!.id } })).status).toBe(200);
    expect((await fetchFromPage(`/v1/orders/${late}/pickup`, { method: 'POST', csrf: true, body: {} })).status).toBe(200);
    expect((await fetchFromPage(`/v1/orders/${late}/deliver`, { method: 'POST', csrf: true, body: { signed_by: 'Late' } })).status).toBe(200);
    await go(`/reports?from=${from}&to=${today}&interval=week`);
    type Figures = { loads: number; revenue: number; carrier_cost: number; margin: number; margin_percent: number | null };
    const marginBy = async (group: string) =>
      (await fetchFromPage(`/v1/reports/margin?from=${from}&to=${today}&interval=week&group_by=${group}`, { method: 'GET' })).body as unknown as {
        rows: (Figures & { period_start: string })[];
        totals: Figures;
        groups: (Figures & { key: string | null; label: string })[];
      };
    const margin = await marginBy('customer');
    const operations = (await fetchFromPage(`/v1/reports/operations?from=${from}&to=${today}&interval=week`, { method: 'GET' })).body as unknown as {
      rows: { period_start: string; created: number; delivered: number; on_time_rate: number | null }[];
      totals: { orders_created: number; dispatched: number; delivered: number; cancelled: number; on_time_rate: number | null; average_transit_days: number | null };
    };
    // The browser test's own data: one order invoiced at $1,250 and delivered on time, its carrier
    // paid; one cancelled; one delivered late.
    expect(margin.totals.revenue).toBe(125_000);
    expect(operations.totals).toMatchObject({ delivered: 2, cancelled: 1, on_time_rate: 0.5 });
    const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    const percent = (x: number | null) => (x === null ? '—' : `${x.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`);
    const figures = (f: Figures) => `${f.loads}${usd(f.revenue)}${usd(f.carrier_cost)}${usd(f.margin)}${percent(f.margin_percent)}`;
    expect(margin.totals.loads).toBe(2);
    await expect.poll(() => page.getByTestId('margin-totals').textContent()).toBe(`Total${figures(margin.totals)}`);
    expect(await page.getByTestId('operations-totals').textContent()).toBe(
      `Total${operations.totals.orders_created}${operations.totals.dispatched}${operations.totals.delivered}${operations.totals.cancelled}${operations.totals.on_time_rate === null ? '—' : `${Math.round(operations.totals.on_time_rate * 1000) / 10}%`}${operations.totals.average_transit_days ?? '—'}`,
    );
    expect(await page.locator('.chart canvas').count()).toBe(3); // margin, margin by customer, operations
    await shot('reports');
    // The CSV is the API's table, row for row.
    const downloaded = async (table: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(table).locator('xpath=..').getByRole('button', { name: 'Download CSV' }).click()]);
      return readFileSync((await download.path())!, 'utf8');
    };
    // Every cell between double quotes (dashboard/src/csv.ts).
    const quoted = (...cells: (string | number | null)[]) => cells.map((c) => `"${c ?? ''}"`).join(',');
    const line = (first: string, f: Figures) => quoted(first, f.loads, f.revenue, f.carrier_cost, f.margin, f.margin_percent);
    expect(await downloaded('margin-table')).toBe([quoted('period_start', 'loads', 'revenue', 'carrier_cost', 'margin', 'margin_percent'), ...margin.rows.map((r) => line(r.period_start, r)), line('total', margin.totals)].join('\n') + '\n');

    // By customer, carrier and lane: the API's groups, largest margin first, drawn and as CSV.
    const groups = page.getByTestId('margin-group');
    for (const group of ['customer', 'carrier', 'lane'] as const) {
      const report = await marginBy(group);
      await page.locator('select[name=group_by]').selectOption(group);
      await expect.poll(() => page.url()).toContain(`group_by=${group}`);
      await expect.poll(() => groups.allTextContents()).toEqual(report.groups.map((g) => `${g.label}${figures(g)}`));
      expect(await page.getByTestId('margin-groups-chart').getAttribute('aria-label')).toBe(`Margin by ${group}: ${report.groups.map((g) => `${g.label} ${usd(g.margin)}`).join(', ')}`);
      const csv = await downloaded('margin-groups');
      expect(csv.split('\n')[0]).toBe(quoted(group, 'label', 'loads', 'revenue', 'carrier_cost', 'margin', 'margin_percent'));
      expect(csv.split('\n').slice(1, -2)).toEqual(report.groups.map((g) => quoted(g.key, g.label, g.loads, g.revenue, g.carrier_cost, g.margin, g.margin_percent)));
    }
    // The scenario's lanes: Chicago to Miami Beach, and Austin to Dallas.
    expect(await groups.locator('td:first-child').allTextContents()).toEqual(expect.arrayContaining(['IL->FL', 'TX->TX']));
    expect(await groups.first().textContent()).toMatch(/^IL->FL1\$1,250\.00\$900\.00\$350\.00/);

    // Receivables aging at the end of today: the invoice sent by post, due ten days ago, is 1 to 30
    // days past due (the first invoice is paid); it equals the receivable of the trial balance.
    const aging = (await fetchFromPage(`/v1/reports/receivables_aging?as_of_date=${isoDay()}`, { method: 'GET' })).body as unknown as {
      customers: { customer_name: string; current: number; days_1_30: number; days_31_60: number; total: number }[];
      totals: { current: number; days_1_30: number; total: number };
    };
    expect(aging.customers).toMatchObject([{ customer_name: 'Acme Auto Sales', current: 0, days_1_30: 30_000, days_31_60: 0, total: 30_000 }]);
    const acme = page.getByTestId('aging-row').filter({ hasText: 'Acme Auto Sales' });
    await expect.poll(() => acme.locator('[data-bucket=days_1_30]').textContent()).toBe('$300.00');
    expect(await acme.locator('[data-bucket=days_1_30]').getAttribute('class')).toBe('past-due');
    expect(await acme.locator('[data-bucket=current]').getAttribute('class')).toBeNull();
    expect(await acme.locator('[data-bucket=current]').textContent()).toBe('$0.00');
    expect(await acme.locator('td').last().textContent()).toBe('$300.00');
    expect(await page.getByTestId('aging-totals').locator('td').last().textContent()).toBe(usd(aging.totals.total));
    expect((await downloaded('aging-table')).split('\n').slice(0, 2)).toEqual([
      quoted('customer_id', 'customer_name', 'invoices', 'current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90', 'unapplied_payments', 'total'),
      expect.stringMatching(/^"cus_[0-9A-Z]{26}","Acme Auto Sales","1","0","30000","0","0","0","0","30000"$/),
    ]);
    await shot('reports-by-lane-and-aging', { fullPage: true });
    // A day before it was sent, nobody owed anything.
    await page.locator('input[name=as_of]').fill(isoDay(-1));
    await expect.poll(() => page.url()).toContain(`as_of=${isoDay(-1)}`);
    await expect.poll(() => page.locator('.empty').filter({ hasText: 'No customer owed anything' }).count()).toBe(1);

    // The period is the URL's: another interval reloads both.
    await page.locator('select[name=interval]').selectOption('day');
    await expect.poll(() => page.url()).toContain('interval=day');
    await expect.poll(() => page.getByTestId('margin-totals').textContent()).toBe(`Total${figures(margin.totals)}`);
  });

  it('exports a customer name that a spreadsheet would run as a formula as text, and a negative margin as a number', async () => {
    const today = isoDay();
    const carriers = (await fetchFromPage('/v1/carriers?status=active&limit=1', { method: 'GET' })).body as unknown as { data: { id: string }[] };
    const names = ['=HYPERLINK("http://x","click")', '+1', '-2', '@SUM(1)'];
    for (const name of names) {
      const customer = await fetchFromPage('/v1/customers', { method: 'POST', csrf: true, body: { name } });
      expect(customer.status).toBe(201);
      // Delivered without a price, its carrier paid $100: a margin of -$100.
      const order = await fetchFromPage('/v1/orders', {
        method: 'POST',
        csrf: true,
        body: {
          customer_id: (customer.body as unknown as { id: string }).id,
          pickup: { address1: '1 A St', city: 'Austin', state: 'TX', zip: '78701' },
          delivery: { address1: '2 B St', city: 'Dallas', state: 'TX', zip: '75201' },
          vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }],
          ready_date: today,
          carrier_pay: 10_000,
        },
      });
      expect(order.status).toBe(201);
      const id = (order.body as unknown as { id: string }).id;
      expect((await fetchFromPage(`/v1/orders/${id}/dispatch`, { method: 'POST', csrf: true, body: { carrier_id: carriers.data[0]!.id } })).status).toBe(200);
      expect((await fetchFromPage(`/v1/orders/${id}/pickup`, { method: 'POST', csrf: true, body: {} })).status).toBe(200);
      expect((await fetchFromPage(`/v1/orders/${id}/deliver`, { method: 'POST', csrf: true, body: { signed_by: 'Receiver' } })).status).toBe(200);
    }
    await go(`/reports?from=${today}&to=${today}&interval=day&group_by=customer`);
    const groups = page.getByTestId('margin-groups');
    await expect.poll(() => groups.textContent()).toContain('@SUM(1)');
    const [download] = await Promise.all([page.waitForEvent('download'), groups.locator('xpath=..').getByRole('button', { name: 'Download CSV' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8').split('\n');
    // Each name a text cell starting with a single quote (inner quotes doubled); the margin, -$100,
    // the number -10000 as a spreadsheet sums it.
    for (const name of names) {
      const row = lines.find((l) => l.includes(`"'${name.replaceAll('"', '""')}"`));
      expect(row, name).toMatch(new RegExp(`^"cus_[0-9A-Z]{26}","'${name.replaceAll('"', '""').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}","1","0","10000","-10000",""$`));
    }
    // No cell anywhere in the file starts with a character a spreadsheet would read as a formula.
    const cells = lines.filter(Boolean).flatMap((l) => l.match(/"(?:[^"]|"")*"/g) ?? []);
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell, cell).toMatch(/^"(?:[^=+@\t\r-]|-\d|$)/);
  });

  it('counts on the home page with the server: each card the list\'s total, linking to it', async () => {
    await go('/');
    const counted = (await fetchFromPage('/v1/orders?status=delivered&limit=1&include[]=total_count', { method: 'GET' })).body as unknown as { total_count: number };
    await expect.poll(() => page.getByTestId('orders-delivered').textContent()).toBe(String(counted.total_count));
    await shot('home');
  });

  it("edits a draft invoice's lines, sends and voids it; records a partial payment and a failed one on another", async () => {
    const customers = (await fetchFromPage('/v1/customers?limit=100', { method: 'GET' })).body as unknown as { data: { id: string; name: string }[] };
    const customerId = customers.data.find((c) => c.name === 'Acme Auto Sales')!.id;
    const draft = await fetchFromPage('/v1/invoices', { method: 'POST', csrf: true, body: { customer_id: customerId, due_date: '2026-12-31', lines: [{ description: 'Storage', quantity: 2, unit_amount: 5_000 }] } });
    expect(draft.status).toBe(201);
    await go(`/accounting/invoices/${(draft.body as unknown as { id: string }).id}`);
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('DRAFT');
    await page.getByLabel('Quantity of line 1').fill('3');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Description of line 2').fill('Detention');
    await page.getByLabel('Unit amount of line 2').fill('75.00');
    expect(await page.getByTestId('edit-lines-total').textContent()).toBe('Total: $225.00');
    await submit('Save lines');
    await expect.poll(() => page.getByTestId('invoice-lines').locator('tbody tr').count()).toBe(2);
    expect(await page.getByTestId('invoice-lines').textContent()).toContain('Detention');
    expect(await page.getByTestId('invoice-totals').textContent()).toContain('Subtotal$225.00');
    await shot('invoice-draft-edit');
    await page.getByRole('button', { name: 'Send invoice' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('SENT');
    await page.getByRole('button', { name: 'Void invoice' }).click();
    // Asked in the app's own dialog, Cancel focused first.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await page.getByRole('dialog').getByRole('button', { name: 'Void invoice' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('VOID');

    const sent = await fetchFromPage('/v1/invoices', { method: 'POST', csrf: true, body: { customer_id: customerId, due_date: '2026-12-31', send: true, lines: [{ description: 'Transport', quantity: 1, unit_amount: 30_000 }] } });
    expect(sent.status).toBe(201);
    await go(`/accounting/invoices/${(sent.body as unknown as { id: string }).id}`);
    await expect.poll(() => page.locator('input[name=amount]').inputValue()).toBe('300.00');
    await page.locator('input[name=amount]').fill('100.00');
    await submit('Record payment');
    await expect.poll(() => page.getByTestId('amount-remaining').textContent()).toBe('$200.00');
    await expect.poll(() => page.locator('input[name=amount]').inputValue()).toBe('200.00');
    await page.locator('input[name=failure_reason]').fill('Card declined (insufficient funds).');
    await submit('Record payment');
    await expect.poll(() => page.getByTestId('payment').count()).toBe(2);
    expect(await page.getByTestId('amount-remaining').textContent()).toBe('$200.00');
    expect(await page.locator('.page-header .badge').textContent()).toBe('SENT');
    expect(await page.getByTestId('payment').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('failed')]));
    await shot('invoice-partial-and-failed');
  });

  it("shows an endpoint's open circuit breaker, its failures and when they began, on the list and on its page", async () => {
    const port = await freePort(); // nothing listens: every attempt is refused
    const created = await fetchFromPage('/v1/webhook_endpoints', { method: 'POST', csrf: true, body: { url: `http://127.0.0.1:${port}/hook`, enabled_events: ['order.created'], description: 'Refusing' } });
    expect(created.status).toBe(201);
    const id = (created.body as unknown as { id: string }).id;
    for (let i = 0; i < 5; i++) expect((await fetchFromPage(`/v1/webhook_endpoints/${id}/test`, { method: 'POST', csrf: true })).status).toBe(201);
    // Its five first attempts are refused in a row: the breaker opens (one request a second to see it).
    await expect
      .poll(async () => ((await fetchFromPage(`/v1/webhook_endpoints/${id}`, { method: 'GET' })).body as unknown as { health: { breaker: string } }).health.breaker, { timeout: 20_000, interval: 1_000 })
      .toBe('open');
    await go(`/settings/developers/webhooks/${id}`);
    await expect.poll(() => page.getByTestId('breaker').textContent()).toContain('breaker open');
    expect(Number(await page.getByTestId('consecutive-failures').textContent())).toBeGreaterThanOrEqual(5);
    await shot('endpoint-open-breaker');
    await go('/settings/developers/webhooks');
    const row = page.getByTestId('endpoint-row').filter({ hasText: 'Refusing' });
    await expect.poll(() => row.getByTestId('endpoint-health').textContent()).toMatch(/^breaker open \d+ failures in a row, since /);
  });

  it('visits every page of the dashboard (each checked by axe-core), by keyboard too', async () => {
    const customers = (await fetchFromPage('/v1/customers?limit=1', { method: 'GET' })).body as unknown as { data: { id: string }[] };
    const carrierPayments = (await fetchFromPage('/v1/carrier_payments?limit=1', { method: 'GET' })).body as unknown as { data: { id: string; order_ids: string[] }[] };
    const pages: [string, string][] = [
      ['orders', '/orders'],
      ['order-new', '/orders/new'],
      ['customer', `/customers/${customers.data[0]!.id}`],
      ['carriers', '/carriers'],
      ['compliance', '/compliance'],
      ['webhooks', '/settings/developers/webhooks'],
      ['events', '/settings/developers/events'],
      ['event-types', '/settings/developers/event-types'],
      ['oauth-clients', '/settings/developers/oauth-clients'],
      ['mail-letters', '/accounting/mail?channel=post'],
      ['print-queue-empty', '/accounting/print-queue'],
      ['carrier-payment', `/accounting/carrier-payments/${carrierPayments.data[0]!.id}`],
      ['ledger-by-order', `/accounting/ledger?order_id=${carrierPayments.data[0]!.order_ids[0]!}`],
      ['account-settings-saved', '/settings/account'],
      ['not-found', '/no/such/page'],
    ];
    for (const [name, path] of pages) {
      await go(path);
      await expect.poll(() => page.locator('main h1').count(), { message: path }).toBeGreaterThan(0);
      await shot(name);
    }
    // The navigation is reachable by keyboard: Tab from the top reaches links, and Enter follows one.
    await go('/');
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
    const reached: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      reached.push(String(await page.evaluate('document.activeElement?.textContent ?? ""')));
    }
    expect(reached).toContain('Orders');
    for (let i = 0; i < 40 && String(await page.evaluate('document.activeElement?.textContent ?? ""')) !== 'Reports'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Reports');
    // (Every page, each checked by axe-core: a minute or more on a loaded machine.)
  }, 180_000);

  it('says in Mail that emails are kept for want of a mail server', async () => {
    await go('/accounting/mail?channel=email');
    await expect.poll(() => page.getByTestId('message').count()).toBeGreaterThanOrEqual(6); // two rate confirmations, the first invoice twice, the remittance advice, the draft sent and voided, the partly paid one
    // Every email is kept, untried; the voided draft's was withdrawn and never will go.
    const statuses = await page.getByTestId('message-status').allTextContents();
    expect(statuses.filter((s) => s !== 'kept, not sent')).toEqual(['withdrawn, never sent 0 attempts']);
    await expect.poll(() => page.getByTestId('no-mail-server').count()).toBe(1);
    expect(await page.getByTestId('no-mail-server').textContent()).toMatch(/^No mail server was configured \(SMTP_URL\) when these emails were written: they are kept here, not sent\./);
    await shot('mail');
  });

  it('creates an API key shown once and revokes it', async () => {
    await go('/settings/developers/api-keys');
    await page.locator('summary', { hasText: 'Create key' }).click();
    await page.getByLabel('Name').fill('TMS integration');
    await page.locator('input[name="orders:read"]').check();
    await submit('Create key');
    const secret = (await page.getByTestId('secret').textContent())!;
    expect(secret).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
    expect((await checkedFetch(`${base}/v1/orders`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.locator('tr', { hasText: 'TMS integration' }).getByRole('button', { name: 'Revoke' }).click();
    // Asked in the app's own dialog, Cancel focused first.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'TMS integration' }).textContent()).toContain('revoked');
    expect((await checkedFetch(`${base}/v1/orders`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401);
    await shot('api-keys');
  });

  it('reads the audit log: every privileged action with its actor, filtered by action, actor, target and day, page by page', async () => {
    await go('/settings/developers/audit-log');
    const rows = page.getByTestId('audit-entry');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const all = (await page.locator('tbody').textContent())!;
    for (const action of ['webhook_endpoint.created', 'event.replayed', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.updated', 'api_key.created', 'api_key.revoked']) {
      expect(all).toContain(action);
    }
    await shot('audit-log');

    // By action, then by the actor of that entry (the signed-in owner), from the row itself.
    await page.locator('select[name=action]').selectOption('api_key.revoked');
    await expect.poll(() => rows.count()).toBe(1);
    expect(page.url()).toContain('action=api_key.revoked');
    const actor = (await rows.first().locator('td').nth(2).textContent())!;
    expect(actor).toMatch(/^usr_[0-9A-Z]{26}$/);
    await rows.first().locator('td').nth(2).getByRole('button').click();
    await expect.poll(() => page.url()).toContain(`actor=${actor}`);
    await expect.poll(() => rows.count()).toBe(1);

    // By target: the history of the webhook endpoint, from its rotation's row.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.locator('select[name=action]').selectOption('webhook_endpoint.secret_rotated');
    await expect.poll(() => rows.locator('td:nth-child(2)').allTextContents()).toEqual(['webhook_endpoint.secret_rotated']);
    const target = (await rows.first().locator('td').nth(3).getByRole('button').textContent())!;
    expect(target).toMatch(/^we_/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Target').fill(target);
    await page.getByRole('button', { name: 'Apply' }).click();
    // Until the target's page replaced the others (the unfiltered one, or the rotation's row alone,
    // which is about that endpoint too): every row is about the endpoint, and its whole history is there.
    await expect
      .poll(async () => ({
        targets: [...new Set(await rows.locator('td:nth-child(4) button').allTextContents())],
        history: await rows.locator('td:nth-child(2)').allTextContents(),
      }))
      .toEqual({ targets: [target], history: expect.arrayContaining(['webhook_endpoint.created', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.updated']) });

    // By day: today holds them, a range that ended yesterday holds none.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('From', { exact: true }).fill(day(0));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await page.getByLabel('From', { exact: true }).fill(day(-2));
    await page.getByLabel('To', { exact: true }).fill(day(-1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('No entry matches these filters.');

    // Paging: more entries than a page holds.
    for (let i = 0; i < 20; i++) {
      const created = await fetchFromPage('/v1/api_keys', { method: 'POST', body: { name: `paging ${i}`, scopes: ['orders:read'] }, csrf: true });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rows.count()).toBe(20);
    const first = await rows.evaluateAll((trs) => trs.map((tr) => tr.id));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.pager span').textContent()).toBe('Page 2');
    await expect.poll(async () => (await rows.evaluateAll((trs) => trs.map((tr) => tr.id)))[0]).not.toBe(first[0]);
    const second = await rows.evaluateAll((trs) => trs.map((tr) => tr.id));
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(second[0]! < first.at(-1)!).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(async () => (await rows.evaluateAll((trs) => trs.map((tr) => tr.id)))[0]).toBe(first[0]);
  });

  it('switches to test mode: test data only, "Viewing test data" on every page, a test clock advanced, and back to live data', async () => {
    await go('/customers');
    await expect.poll(() => page.locator('table').textContent()).toContain('Acme Auto Sales');
    expect(await page.getByTestId('test-banner').count()).toBe(0);
    await page.getByTestId('test-mode-switch').click(); // the switch turns once the server has switched the session
    await expect.poll(() => page.getByTestId('test-banner').count()).toBe(1);
    expect(await page.getByTestId('test-banner').textContent()).toContain('Viewing test data');
    // The live customers are gone; a customer added now is a test customer.
    await expect.poll(() => page.locator('main').textContent()).not.toContain('Acme Auto Sales');
    await page.locator('summary', { hasText: 'Add customer' }).click();
    await page.getByLabel('Name').fill('Sandbox Motors');
    await submit('Add customer');
    await expect.poll(() => page.locator('table').textContent()).toContain('Sandbox Motors');
    const made = await fetchFromPage('/v1/customers?limit=100', { method: 'GET' });
    const listed = made.body as unknown as { data: { name: string; livemode: boolean }[] };
    expect(listed.data.map((c) => [c.name, c.livemode])).toEqual([['Sandbox Motors', false]]);
    await shot('test-mode-customers');
    // Test clocks (test mode only): one made, advanced a day (the form's default), ready a day on.
    await go('/settings/developers/test-clocks');
    await page.locator('summary', { hasText: 'Create test clock' }).click();
    await page.getByLabel('Name').fill('Net 30 run');
    await submit('Create test clock');
    const clockRow = page.getByTestId('test-clock').filter({ hasText: 'Net 30 run' });
    await expect.poll(() => clockRow.count()).toBe(1);
    const [clock] = ((await fetchFromPage('/v1/test_helpers/test_clocks', { method: 'GET' })).body as unknown as { data: { frozen_time: number; status: string }[] }).data;
    expect(clock).toMatchObject({ status: 'ready' });
    const startedAt = await clockRow.getByTestId('clock-time').textContent();
    await clockRow.locator('form button[type=submit]', { hasText: 'Advance' }).click();
    await expect.poll(() => clockRow.getByTestId('clock-time').textContent(), { timeout: 30_000 }).not.toBe(startedAt);
    await expect.poll(() => clockRow.locator('.badge').textContent(), { timeout: 30_000 }).toBe('ready');
    const [advanced] = ((await fetchFromPage('/v1/test_helpers/test_clocks', { method: 'GET' })).body as unknown as { data: { frozen_time: number; status: string }[] }).data;
    // The form's default is a day on, to the minute.
    expect(advanced!.frozen_time - (clock!.frozen_time - (clock!.frozen_time % 60))).toBe(86_400);
    await shot('test-clocks');
    // Every page says it, a reload included (the mode is the session's).
    for (const path of ['/', '/orders', '/carriers', '/accounting/invoices', '/accounting/mail', '/settings/developers/webhooks', '/settings/developers/api-keys', '/settings/developers/test-clocks']) {
      await go(path);
      await expect.poll(() => page.getByTestId('test-banner').count(), { message: path }).toBe(1);
    }
    await page.getByTestId('test-mode-switch').click();
    await expect.poll(() => page.getByTestId('test-banner').count()).toBe(0);
    // Test clocks are of test mode only.
    expect(await page.locator('nav').textContent()).not.toContain('Test clocks');
    await go('/customers');
    await expect.poll(() => page.locator('table').textContent()).toContain('Acme Auto Sales');
    expect(await page.locator('table').textContent()).not.toContain('Sandbox Motors');
  });

  it('undoes mistakes with a confirmation: voids a carrier payment, then reopens its delivered order; the timeline keeps the delivery', async () => {
    const call = async (path: string, body?: unknown) => {
      const r = await fetchFromPage(path, body === undefined ? { method: 'GET' } : { method: 'POST', body, csrf: true });
      expect(r.status, path).toBeLessThan(300);
      return r.body as unknown as Record<string, any>;
    };
    const carrier = (await call('/v1/carriers?status=active&limit=1')).data[0].id as string;
    const customer = (await call('/v1/customers', { name: 'Mistake Motors' })).id as string;
    const order = (await call('/v1/orders', {
      customer_id: customer,
      pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
      delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
      vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }],
      ready_date: isoDay(),
      price: 50_000,
      carrier_pay: 40_000,
    })).id as string;
    await call(`/v1/orders/${order}/dispatch`, { carrier_id: carrier });
    await call(`/v1/orders/${order}/pickup`, {});
    await call(`/v1/orders/${order}/deliver`, { signed_by: 'Wrong Load' });
    const payment = (await call('/v1/carrier_payments', { carrier_id: carrier, order_ids: [order], payment_method: 'check', reference: 'CHK 9' })).id as string;

    await go(`/accounting/carrier-payments/${payment}`);
    const voidButton = page.getByRole('button', { name: 'Void payment' });
    await expect.poll(() => voidButton.isDisabled()).toBe(true); // a reason first
    await page.getByLabel('Why void it').fill('Recorded against the wrong load');
    await voidButton.click();
    // Asked in the app's own dialog, Cancel focused first; Cancel changes nothing.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    expect(await page.getByRole('dialog').textContent()).toContain('Void this payment of $400.00?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await call(`/v1/carrier_payments/${payment}`)).voided_at).toBeNull();
    await voidButton.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Void payment' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('voided');
    expect(await page.getByTestId('carrier-payment-voided').textContent()).toContain('Recorded against the wrong load');
    expect(await page.getByTestId('void-carrier-payment').count()).toBe(0);
    await shot('carrier-payment-voided');

    await go(`/orders/${order}`);
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('delivered');
    await page.getByLabel('Why reopen').fill('Marked delivered before the receiver signed');
    await page.getByRole('button', { name: 'Reopen order' }).click();
    expect(await page.getByRole('dialog').textContent()).toContain('It goes back to in transit');
    await page.getByRole('dialog').getByRole('button', { name: 'Reopen order' }).click();
    await expect.poll(() => page.locator('.page-header .badge').textContent()).toBe('in transit');
    const timeline = await page.getByTestId('timeline').textContent();
    for (const step of ['Delivered', 'signed by Wrong Load', 'Reopened (in transit)', 'Marked delivered before the receiver signed']) expect(timeline).toContain(step);
    expect(await page.getByTestId('reopen').count()).toBe(0);
    await shot('order-reopened');
  }, 120_000);

  it('refuses a state-changing call without the CSRF token, even from the signed-in page', async () => {
    const refused = await fetchFromPage('/v1/customers', { method: 'POST', body: { name: 'CSRF' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('invalid_csrf_token');
    const allowed = await fetchFromPage('/v1/customers', { method: 'POST', body: { name: 'With token' }, csrf: true });
    expect(allowed.status).toBe(201);
  });

  it('changes the signed-in user\'s password, which then signs in; an owner resets another user\'s password, shown once', async () => {
    await page.locator('nav a', { hasText: 'Change password' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Change password' }).isVisible()).toBe(true);
    // The policy's refusal, in the API's words (never repeating the password).
    await page.getByLabel('Current password').fill(owner.password);
    await page.getByLabel('New password').fill('letmein12345');
    await submit('Change password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('too easy to guess');
    expect(await page.getByRole('alert').textContent()).not.toContain('letmein');
    const changed = 'ferry lantern saffron quarry 42';
    await page.getByLabel('Current password').fill(owner.password);
    await page.getByLabel('New password').fill(changed);
    await submit('Change password');
    await expect.poll(() => page.getByTestId('password-changed').isVisible()).toBe(true);
    await shot('change-password');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await submit('Sign in');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The email or password is not correct.');
    owner.password = changed;
    await signIn(owner.email, owner.password);

    const created = await fetchFromPage('/v1/users', { method: 'POST', body: { email: 'reset.me@acme.example', role: 'developer', password: 'tundra pylon whistle crochet' }, csrf: true });
    expect(created.status).toBe(201);
    await go('/settings/team');
    const row = page.locator('tbody tr', { hasText: 'reset.me@acme.example' });
    await row.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    const secret = row.getByTestId('secret');
    await expect.poll(() => secret.textContent()).toMatch(/^[A-Za-z0-9]{20}$/);
    const reset = (await secret.textContent())!;
    await shot('team-reset-password');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn('reset.me@acme.example', reset);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(owner.email, owner.password);
  }, 120_000);

  it('adds a viewer to the team, who then sees no control that changes anything, and whom the API refuses', async () => {
    await go('/settings/team');
    await page.locator('summary', { hasText: 'Add user' }).click();
    await page.getByLabel('Email').fill('viewer@acme.example');
    await page.getByLabel('Name').fill('Val Viewer');
    await page.locator('select[name=role]').selectOption('viewer');
    await page.locator('input[name=password]').fill('quiet harbor lamps 123');
    await submit('Add user');
    await expect.poll(() => page.locator('tbody').textContent()).toContain('viewer@acme.example');
    await shot('team');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await signIn('viewer@acme.example', 'quiet harbor lamps 123');
    await shot('home-viewer');
    const nav = await page.locator('nav').textContent();
    expect(nav).toContain('Orders');
    for (const hidden of ['Webhooks', 'API keys', 'OAuth clients', 'Events', 'Audit log']) expect(nav).not.toContain(hidden);
    for (const [path, ready] of [['/orders', 'tbody tr'], ['/customers', 'tbody tr'], ['/carriers', 'tbody tr'], ['/settings/team', 'tbody tr']] as const) {
      await go(path);
      await page.locator(ready).first().waitFor();
      expect(await page.locator('main form, main summary, main .button.primary').count(), path).toBe(0);
    }
    await page.locator('nav a', { hasText: 'Orders' }).click();
    await page.locator('tbody a').first().click();
    await expect.poll(() => page.getByTestId('timeline').isVisible()).toBe(true);
    expect(await page.locator('main form, main button').count()).toBe(0);
    await shot('order-detail-viewer');
    const refused = await fetchFromPage('/v1/customers', { method: 'POST', body: { name: 'Viewer' }, csrf: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('insufficient_scope');
  });

  it('shows a developer no accounting: no nav, and the API\'s refusal with its request id on a direct link', async () => {
    const nav = await page.locator('nav').textContent();
    for (const hidden of ['Invoices', 'Payments', 'Carrier payments', 'Ledger', 'Mail', 'Print queue', 'Account settings']) expect(nav, 'viewer').not.toContain(hidden);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(owner.email, owner.password);
    const created = await fetchFromPage('/v1/users', { method: 'POST', body: { email: 'dev@acme.example', role: 'developer', password: 'developer password 123' }, csrf: true });
    expect(created.status).toBe(201);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn('dev@acme.example', 'developer password 123');
    const devNav = await page.locator('nav').textContent();
    expect(devNav).toContain('Webhooks');
    for (const hidden of ['Accounting', 'Invoices', 'Payments', 'Carrier payments', 'Ledger', 'Mail', 'Print queue', 'Account settings']) expect(devNav).not.toContain(hidden);
    await go('/accounting/invoices');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/Request id: req_[0-9A-Z]{26}/);
    await shot('invoices-developer');
  }, 120_000);

  it('signs out: the session ends on the server and the sign-in page returns', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    const current = await page.evaluate(async () => (await fetch('/v1/sessions/current')).status);
    expect(current).toBe(401);
    await go('/orders');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('raised no Content-Security-Policy violation and no uncaught page error along the way', () => {
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('has no serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA) on any page it visited', () => {
    const lines = [...accessibility].map(([name, found]) => `  ${name}: ${found.length ? found.join('; ') : '0 serious/critical'}`);
    console.log(`axe-core, ${accessibility.size} page states:\n${lines.join('\n')}`);
    expect(accessibility.size).toBeGreaterThan(20);
    expect(Object.fromEntries([...accessibility].filter(([, found]) => found.length))).toEqual({});
  });
});
