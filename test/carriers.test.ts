// Carriers: onboarding, asynchronous vetting on the local registry, suspension, compliance scans, and
// the order lifecycle that depends on them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { JobRunner } from '../src/jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB, VETTING_ATTEMPTS, VETTING_BACKOFF_MS } from '../src/carriers/carriers.service.js';
import { complianceScanJob, COMPLIANCE_SCAN_JOB, scanCompliance } from '../src/carriers/compliance.service.js';
import { createLocalRegistryProvider, LOCAL_REGISTRY_SAMPLES as DOT } from '../src/carriers/registry/index.js';
import { Event } from '../src/webhooks/events.entities.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport } from '../src/webhooks/transport.js';
import { startReceiver } from './support/receiver.js';
import { createHmac } from 'node:crypto';
import { ORDER_TRANSITIONS, type OrderAction } from '../src/orders/orders.state.js';
import { checkedFetch } from './support/contract-check.js';

const silent = pino({ level: 'silent' });

describe.each(backends({ pooler: true }))('carriers on %s', (backend: Backend) => {
  let h: Harness;
  let runner: JobRunner;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));

  const onboard = async (dot: string, key?: string) => {
    const r = await h.call('POST', '/v1/carriers', {
      body: { dot_number: dot, contact_name: 'Maria Delgado', contact_email: 'dispatch@carrier.example', phone: '+16025550117' },
      ...(key ? { key } : {}),
    });
    return r;
  };
  const vetAll = async () => {
    while ((await runner.runOnce()) > 0);
  };
  const get = async (id: string, key?: string) => (await h.call('GET', `/v1/carriers/${id}`, key ? { key } : {})).body;
  const eventsOf = async (id: string) =>
    (await h.database.db.em().find(Event, { data: { id } } as never, { orderBy: { id: 'asc' } })).map((e) => e.type);
  let activeCarrier: string;

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    const registry = createLocalRegistryProvider(undefined, { clock });
    runner = new JobRunner({
      db: h.database.db,
      clock,
      log: silent,
      handlers: {
        [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(clock), registry }),
        [COMPLIANCE_SCAN_JOB]: complianceScanJob({ context: () => h.background(clock), intervalMs: 3_600_000 }),
      },
    });
    activeCarrier = (await onboard(DOT.pass[1]!)).body.id;
    await vetAll();
  });
  afterAll(() => h.close());

  describe('createCarrier', () => {
    it('answers 201 pending_vetting / queued and fires carrier.onboarded', async () => {
      const r = await onboard(DOT.pass[0]!);
      expect(r.status).toBe(201);
      expect(r.headers.get('location')).toBe(`/v1/carriers/${r.body.id}`);
      expect(r.body).toMatchObject({
        object: 'carrier',
        status: 'pending_vetting',
        safer_pull_status: 'queued',
        dot_number: DOT.pass[0],
        legal_name: null,
        vetting: null,
      });
      expect(r.body.id).toMatch(/^car_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(await eventsOf(r.body.id)).toEqual(['carrier.onboarded']);
    });
    it.each([
      [{ dot_number: '12a45' }, 'invalid_format', 'dot_number'],
      [{ mc_number: 'MC-1' }, 'invalid_format', 'mc_number'],
      [{ contact_email: 'nope' }, 'invalid_format', 'contact_email'],
      [{ phone: '602-555-0117' }, 'invalid_format', 'phone'],
      [{ dot_number: undefined }, 'missing_required_field', 'dot_number'],
    ])('rejects %j', async (override, code, param) => {
      const body = { dot_number: '1234567', contact_name: 'A', contact_email: 'a@b.co', phone: '+16025550117', ...override };
      const r = await h.call('POST', '/v1/carriers', { body: JSON.parse(JSON.stringify(body)) });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code, param });
    });
    it('refuses a DOT number already onboarded in the account (409), but not in another account', async () => {
      await onboard('5550001');
      const again = await onboard('5550001');
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ type: 'conflict_error', code: 'duplicate_carrier', param: 'dot_number' });
      expect((await onboard('5550001', await h.key('other-broker'))).status).toBe(201);
    });
  });

  describe('vetting', () => {
    it('activates a carrier that passes, with a snapshot of the record, and fires carrier.vetted', async () => {
      const c = (await onboard(DOT.pass[2]!)).body;
      await vetAll();
      const vetted = await get(c.id);
      expect(vetted).toMatchObject({ status: 'active', safer_pull_status: 'completed', vetting: { passed: true, reasons: [] } });
      expect(vetted.legal_name).toBeTruthy();
      expect(vetted.vetting.record).toMatchObject({ provider: 'local', dot_number: DOT.pass[2], allowed_to_operate: true });
      expect(await eventsOf(c.id)).toEqual(['carrier.onboarded', 'carrier.vetted']);
    });
    it.each([
      ['not_authorized', [DOT.not_authorized], ['not_authorized']],
      ['insurance_below_minimum', [DOT.insurance_below_minimum], ['insurance_below_minimum']],
      ['unsatisfactory_rating', [DOT.unsatisfactory_rating], ['unsatisfactory_rating']],
      ['out_of_service', [DOT.out_of_service], ['out_of_service']],
      ['several reasons', [DOT.multiple], ['not_authorized', 'unsatisfactory_rating', 'out_of_service']],
      ['not_found', [DOT.not_found], ['not_found']],
    ])('rejects for %s', async (_name, [dot], reasons) => {
      const c = (await onboard(dot!)).body;
      await vetAll();
      const judged = await get(c.id);
      expect(judged).toMatchObject({ status: 'rejected', safer_pull_status: 'completed', vetting: { passed: false, reasons } });
      expect(await eventsOf(c.id)).toEqual(['carrier.onboarded', 'carrier.rejected']);
    });
    it("rejects a carrier whose MC number is not the registry's docket for its DOT number (mc_number_mismatch), and passes it with its own", async () => {
      const key = await h.key('docket-check');
      // DOT 2847193's registry docket is MC 918274; 801734 is another carrier's.
      const body = { dot_number: '2847193', contact_name: 'Maria Delgado', contact_email: 'dispatch@carrier.example', phone: '+16025550117' };
      const wrong = (await h.call('POST', '/v1/carriers', { key, body: { ...body, mc_number: '801734' } })).body;
      await vetAll();
      expect(await h.call('GET', `/v1/carriers/${wrong.id}`, { key }).then((r) => r.body)).toMatchObject({
        status: 'rejected',
        mc_number: '801734',
        vetting: { passed: false, reasons: ['mc_number_mismatch'], record: { mc_number: '918274' } },
      });
      const own = (await h.call('POST', '/v1/carriers', { key: await h.key('docket-check-2'), body: { ...body, mc_number: '918274' } })).body;
      const none = (await h.call('POST', '/v1/carriers', { key: await h.key('docket-check-3'), body })).body;
      await vetAll();
      expect(await h.call('GET', `/v1/carriers/${own.id}`, { key: await h.key('docket-check-2') }).then((r) => r.body)).toMatchObject({ status: 'active', vetting: { reasons: [] } });
      // None given: the registry's docket is taken.
      expect(await h.call('GET', `/v1/carriers/${none.id}`, { key: await h.key('docket-check-3') }).then((r) => r.body)).toMatchObject({ status: 'active', mc_number: '918274' });
    });
    it('corrects a carrier rejected for a mistyped MC number: onboarding it again points to revet, which takes the right number and makes it active, audited', async () => {
      const key = await h.key('docket-typo');
      const body = { dot_number: '2847193', contact_name: 'Maria Delgado', contact_email: 'dispatch@carrier.example', phone: '+16025550117' };
      const typo = (await h.call('POST', '/v1/carriers', { key, body: { ...body, mc_number: '801734' } })).body;
      await vetAll();
      expect((await get(typo.id, key)).status).toBe('rejected');
      // Onboarding it again is refused, and says how to get out.
      const again = await h.call('POST', '/v1/carriers', { key, body: { ...body, mc_number: '918274' } });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'duplicate_carrier', param: 'dot_number' });
      expect(again.body.error.message).toContain(`POST /v1/carriers/${typo.id}/revet`);
      // So is editing the MC number, which says where it is corrected.
      const patched = await h.call('PATCH', `/v1/carriers/${typo.id}`, { key, body: { mc_number: '918274' } });
      expect(patched.status).toBe(400);
      expect(patched.body.error).toMatchObject({ code: 'unknown_field', param: 'mc_number' });
      expect(patched.body.error.message).toContain('/revet');
      // A malformed correction changes nothing.
      expect((await h.call('POST', `/v1/carriers/${typo.id}/revet`, { key, body: { mc_number: 'MC-12' } })).status).toBe(400);
      expect((await get(typo.id, key)).mc_number).toBe('801734');
      const revetted = await h.call('POST', `/v1/carriers/${typo.id}/revet`, { key, body: { mc_number: '918274' } });
      expect(revetted.status, revetted.text).toBe(200);
      expect(revetted.body).toMatchObject({ status: 'pending_vetting', safer_pull_status: 'queued', mc_number: '918274' });
      await vetAll();
      expect(await get(typo.id, key)).toMatchObject({ status: 'active', mc_number: '918274', vetting: { passed: true, reasons: [] } });
      expect(await eventsOf(typo.id)).toEqual(['carrier.onboarded', 'carrier.rejected', 'carrier.vetted']);
      const audit = (await h.call('GET', `/v1/audit_logs?target=${typo.id}`, { key })).body.data;
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['carrier.revetted']);
      // An active carrier's number is not corrected this way.
      expect((await h.call('POST', `/v1/carriers/${typo.id}/revet`, { key, body: { mc_number: '801734' } })).status).toBe(409);
    });
    it('delivers carrier.rejected with the reasons to a subscribed receiver, signed like every event', async () => {
      const receiver = await startReceiver();
      const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });
      try {
        const key = await h.key('rejected-carriers'); // an account of its own: the DOT number is new there
        const endpoint = await h.call('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, enabled_events: ['carrier.rejected'] } });
        expect(endpoint.status).toBe(201);
        const c = (await onboard(DOT.not_authorized, key)).body;
        await vetAll();
        const worker = new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
        while ((await worker.runOnce()) > 0);
        const got = receiver.received.map((r) => ({ headers: r.headers, envelope: JSON.parse(r.body) }));
        expect(got.map((g) => g.envelope.type)).toEqual(['carrier.rejected']);
        const [{ headers, envelope }] = got as [(typeof got)[number]];
        expect(envelope.data).toMatchObject({ id: c.id, object: 'carrier', status: 'rejected', vetting: { passed: false, reasons: ['not_authorized'] } });
        expect(headers['service-event-id']).toBe(envelope.id);
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['service-signature']))!;
        const body = receiver.received[0]!.body;
        expect(createHmac('sha256', endpoint.body.secret).update(`${t}.${body}`).digest('hex')).toBe(v1);
      } finally {
        await transport.close();
        await receiver.close();
      }
    });
    it('retries an unreachable registry, then marks the pull failed', async () => {
      const c = (await onboard(DOT.unreachable)).body;
      for (let attempt = 1; attempt <= VETTING_ATTEMPTS; attempt++) {
        expect(await runner.runOnce(), `attempt ${attempt}`).toBe(1);
        clock.advance(VETTING_BACKOFF_MS[attempt - 1] ?? 0);
      }
      expect(await get(c.id)).toMatchObject({ status: 'pending_vetting', safer_pull_status: 'failed', vetting: null });
    });
  });

  describe('vetting again (revetCarrier)', () => {
    it('retries an unreachable registry with backoff over hours; revet queues a failed vetting again by hand, audited', async () => {
      let down = true;
      const base = createLocalRegistryProvider(undefined, { clock });
      const flaky = { name: base.name, findByDot: (dot: string) => base.findByDot(down ? DOT.unreachable : dot), findByMc: (mc: string) => base.findByMc(mc) };
      const own = new JobRunner({ db: h.database.db, clock, log: silent, handlers: { [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(clock), registry: flaky }) } });
      const key = await h.key('revetter');
      const read = async (id: string) => (await h.call('GET', `/v1/carriers/${id}`, { key })).body;
      const c = (await onboard(DOT.pass[0]!, key)).body;
      let waited = 0;
      for (let attempt = 1; attempt <= VETTING_ATTEMPTS; attempt++) {
        expect(await own.runOnce(), `attempt ${attempt}`).toBe(1);
        if (attempt === VETTING_ATTEMPTS) break;
        expect((await read(c.id)).safer_pull_status).not.toBe('failed');
        expect(await own.runOnce(), `not due before its backoff (attempt ${attempt})`).toBe(0);
        clock.advance(VETTING_BACKOFF_MS[attempt - 1]!);
        waited += VETTING_BACKOFF_MS[attempt - 1]!;
      }
      expect(waited).toBeGreaterThanOrEqual(12 * 3_600_000);
      expect(await read(c.id)).toMatchObject({ status: 'pending_vetting', safer_pull_status: 'failed' });

      down = false;
      const reader = await h.key('revetter', 'carriers:read');
      expect((await h.call('POST', `/v1/carriers/${c.id}/revet`, { key: reader })).status).toBe(403);
      const r = await h.call('POST', `/v1/carriers/${c.id}/revet`, { key });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: c.id, status: 'pending_vetting', safer_pull_status: 'queued' });
      const twice = await h.call('POST', `/v1/carriers/${c.id}/revet`, { key });
      expect(twice.status).toBe(409);
      expect(twice.body.error.code).toBe('invalid_state_transition');
      while ((await own.runOnce()) > 0);
      expect(await read(c.id)).toMatchObject({ status: 'active', safer_pull_status: 'completed' });
      expect((await h.call('POST', `/v1/carriers/${c.id}/revet`, { key })).status).toBe(409);
      const audit = await h.database.db.em().execute<{ action: string }[]>('select action from audit_logs where target = ?', [c.id]);
      expect(audit.map((a) => a.action)).toEqual(['carrier.revetted']);
    });

    it('vets a rejected carrier again', async () => {
      const key = await h.key('revet-rejected');
      const c = (await onboard(DOT.not_authorized, key)).body;
      await vetAll();
      expect((await h.call('GET', `/v1/carriers/${c.id}`, { key })).body.status).toBe('rejected');
      const r = await h.call('POST', `/v1/carriers/${c.id}/revet`, { key });
      expect(r.body).toMatchObject({ status: 'pending_vetting', safer_pull_status: 'queued', vetting: { passed: false } });
      await vetAll();
      expect((await h.call('GET', `/v1/carriers/${c.id}`, { key })).body.status).toBe('rejected');
    });
  });

  describe('suspension and reinstatement', () => {
    it('suspends an active carrier, refuses other moves with 409, and reinstating re-vets it', async () => {
      const c = (await onboard(DOT.pass[0]!, await h.key('suspender'))).body;
      const key = await h.key('suspender');
      await vetAll();
      expect((await h.call('POST', `/v1/carriers/${c.id}/reinstate`, { key })).status).toBe(409);
      const s = await h.call('POST', `/v1/carriers/${c.id}/suspend`, { key, body: { reason: 'Cargo claim' } });
      expect(s.body).toMatchObject({ status: 'suspended', suspension_reason: 'Cargo claim' });
      expect((await h.call('POST', `/v1/carriers/${c.id}/suspend`, { key, body: { reason: 'again' } })).body.error.code).toBe('invalid_state_transition');
      const r = await h.call('POST', `/v1/carriers/${c.id}/reinstate`, { key });
      expect(r.body).toMatchObject({ status: 'pending_vetting', safer_pull_status: 'queued', suspension_reason: null });
      await vetAll();
      expect((await h.call('GET', `/v1/carriers/${c.id}`, { key })).body.status).toBe('active');
      expect(await eventsOf(c.id)).toEqual(['carrier.onboarded', 'carrier.vetted', 'carrier.suspended', 'carrier.vetted']);
    });
    it('cannot suspend a rejected carrier', async () => {
      const c = (await onboard(DOT.not_found + '1')).body;
      await vetAll();
      expect((await h.call('POST', `/v1/carriers/${c.id}/suspend`, { body: { reason: 'x' } })).status).toBe(409);
    });
  });

  describe('updateCarrier, getCarrier, listCarriers', () => {
    it('edits contact fields and compliance dates, never DOT numbers', async () => {
      const r = await h.call('PATCH', `/v1/carriers/${activeCarrier}`, {
        body: { contact_name: 'Sam Ortiz', insurance_expiry_date: '2027-06-30', bond_expiry_date: null },
      });
      expect(r.body).toMatchObject({ contact_name: 'Sam Ortiz', insurance_expiry_date: '2027-06-30', bond_expiry_date: null });
      // A key pinned to 2026-12-01 reads and writes them as `*_expires_on`.
      const pinned = await h.key('acme', 'all', { apiVersion: '2026-12-01' });
      const old = await h.call('PATCH', `/v1/carriers/${activeCarrier}`, { key: pinned, body: { insurance_expires_on: '2027-07-31' } });
      expect(old.status).toBe(200);
      expect(old.body).toMatchObject({ insurance_expires_on: '2027-07-31', bond_expires_on: null });
      expect(old.body).not.toHaveProperty('insurance_expiry_date');
      expect((await h.call('GET', `/v1/carriers/${activeCarrier}`)).body.insurance_expiry_date).toBe('2027-07-31');
      const bad = await h.call('PATCH', `/v1/carriers/${activeCarrier}`, { key: pinned, body: { insurance_expires_on: '2027-02-30' } });
      expect(bad.body.error).toMatchObject({ param: 'insurance_expires_on' });
      expect((await h.call('PATCH', `/v1/carriers/${activeCarrier}`, { body: { dot_number: '1' } })).body.error).toMatchObject({ code: 'unknown_field' });
    });
    it('filters by status and hides other accounts', async () => {
      const list = await h.call('GET', '/v1/carriers?status=active&limit=100');
      expect(list.body.data.every((c: { status: string }) => c.status === 'active')).toBe(true);
      expect(list.body.data.map((c: { id: string }) => c.id)).toContain(activeCarrier);
      const stranger = await h.key('stranger');
      expect((await h.call('GET', `/v1/carriers/${activeCarrier}`, { key: stranger })).status).toBe(404);
      expect((await h.call('GET', '/v1/carriers', { key: stranger })).body.data).toEqual([]);
    });
  });

  describe('compliance scan', () => {
    it('raises one alert per lapse, suspends on lapsed insurance, and never raises it twice', async () => {
      const key = await h.key('compliance-co');
      const c = (await onboard(DOT.insurance_expired, key)).body;
      const other = (await onboard(DOT.process_agent_lapsed, key)).body;
      await vetAll();
      expect((await h.call('GET', `/v1/carriers/${c.id}`, { key })).body.status).toBe('active');
      expect(await scanCompliance(h.background(clock))).toBeGreaterThanOrEqual(2);
      const carrier = (await h.call('GET', `/v1/carriers/${c.id}`, { key })).body;
      expect(carrier.status).toBe('suspended');
      expect(carrier.suspension_reason).toContain('insurance');
      const alerts = (await h.call('GET', `/v1/compliance_alerts?carrier_id=${c.id}`, { key })).body.data;
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'insurance_certificate', status: 'open', expiry_date: carrier.insurance_expiry_date });
      // A key pinned to 2026-12-01 reads the alert's day as `expired_on`.
      const pinned = await h.key('compliance-co', 'all', { apiVersion: '2026-12-01' });
      const [old] = (await h.call('GET', `/v1/compliance_alerts?carrier_id=${c.id}`, { key: pinned })).body.data;
      expect(old).toMatchObject({ id: alerts[0].id, expired_on: carrier.insurance_expiry_date });
      expect(old).not.toHaveProperty('expiry_date');
      const agent = (await h.call('GET', `/v1/compliance_alerts?carrier_id=${other.id}`, { key })).body.data;
      expect(agent.map((a: { kind: string }) => a.kind)).toEqual(['process_agent']);
      expect((await h.call('GET', `/v1/carriers/${other.id}`, { key })).body.status).toBe('active');
      expect(await scanCompliance(h.background(clock))).toBe(0);
      expect((await h.call('GET', '/v1/compliance_alerts', { key })).body.data).toHaveLength(2);
      expect(await eventsOf(alerts[0].id)).toEqual(['compliance_alert.opened', 'compliance.alert']);
      expect(await eventsOf(c.id)).toContain('carrier.suspended');
    });
    it('resolves an alert once (409 the second time) and hides it from other accounts', async () => {
      const key = await h.key('compliance-co');
      const [alert] = (await h.call('GET', '/v1/compliance_alerts?status=open&limit=1', { key })).body.data;
      const resolved = await h.call('POST', `/v1/compliance_alerts/${alert.id}/resolve`, { key, body: { note: 'New certificate filed' } });
      expect(resolved.body).toMatchObject({ status: 'resolved', resolution_note: 'New certificate filed' });
      expect(resolved.body.resolved_at).toBeTypeOf('number');
      expect((await eventsOf(alert.id)).at(-1)).toBe('compliance_alert.resolved');
      expect((await h.call('POST', `/v1/compliance_alerts/${alert.id}/resolve`, { key })).status).toBe(409);
      expect((await h.call('GET', `/v1/compliance_alerts/${alert.id}`)).status).toBe(404);
    });
    it('runs as a recurring job that reschedules itself', async () => {
      const { enqueueJob } = await import('../src/jobs/runner.js');
      await enqueueJob(h.database.db.em(), { id: 'job_scan_test', kind: COMPLIANCE_SCAN_JOB, runAt: clock.now(), maxAttempts: 10 });
      expect(await runner.runOnce()).toBe(1);
      expect(await runner.runOnce()).toBe(0);
      clock.advance(3_600_000);
      expect(await runner.runOnce()).toBe(1);
    });
  });

  describe('order lifecycle', () => {
    let customerId: string;
    beforeAll(async () => {
      customerId = (await h.call('POST', '/v1/customers', { body: { name: 'Lifecycle' } })).body.id;
    });
    const newOrder = async () => (await h.call('POST', '/v1/orders', { body: orderBody(customerId) })).body.id as string;
    const request: Record<OrderAction, (id: string) => Promise<{ status: number; body: any; text: string }>> = {
      update: (id) => h.call('PATCH', `/v1/orders/${id}`, { body: { delivery_window_days: 9 } }),
      dispatch: (id) => h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: activeCarrier } }),
      pickup: (id) => h.call('POST', `/v1/orders/${id}/pickup`),
      deliver: (id) => h.call('POST', `/v1/orders/${id}/deliver`, { body: { signed_by: 'Jordan Price' } }),
      cancel: (id) => h.call('POST', `/v1/orders/${id}/cancel`, { body: { reason: 'test' } }),
      reopen: (id) => h.call('POST', `/v1/orders/${id}/reopen`, { body: { reason: 'test' } }),
      report_exception: (id) => h.call('POST', `/v1/orders/${id}/exceptions`, { body: { kind: 'delay', note: 'Snow' } }),
      confirm_rate: (id) => h.call('GET', `/v1/orders/${id}/rate_confirmation.pdf`),
      print_bill_of_lading: (id) => h.call('GET', `/v1/orders/${id}/bill_of_lading.pdf`),
    };
    /** The actions that answer a document (a PDF) instead of the order. */
    const documents: readonly OrderAction[] = ['confirm_rate', 'print_bill_of_lading'];
    /** The API calls that bring a new order into each status. */
    const reach: Record<string, OrderAction[]> = {
      pending: [],
      dispatched: ['dispatch'],
      in_transit: ['dispatch', 'pickup'],
      delivered: ['dispatch', 'pickup', 'deliver'],
      cancelled: ['cancel'],
    };
    const cases = Object.keys(reach).flatMap((status) => (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).map((action) => [status, action] as const));

    it.each(cases)('from %s, %s is allowed exactly when the state table says so', async (status, action) => {
      const id = await newOrder();
      for (const step of reach[status]!) expect((await request[step](id)).status, step).toBe(200);
      const allowed = (ORDER_TRANSITIONS[action].from as readonly string[]).includes(status);
      const r = await request[action](id);
      if (allowed && documents.includes(action)) {
        expect(r.status, r.text).toBe(200);
        expect(r.text.startsWith('%PDF-')).toBe(true);
        expect((await h.call('GET', `/v1/orders/${id}`)).body.status).toBe(status);
      } else if (allowed) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const t = ORDER_TRANSITIONS[action];
        // A reopened order goes back to the status before its end: in transit before a delivery, pending before a cancellation (this one had no carrier).
        const reopenedTo = status === 'delivered' ? 'in_transit' : 'pending';
        expect(r.body.status).toBe('to' in t ? t.to : action === 'reopen' ? reopenedTo : status);
      } else {
        expect(r.status).toBe(409);
        expect(r.body.error).toMatchObject({ type: 'conflict_error', code: 'invalid_state_transition' });
        expect((await h.call('GET', `/v1/orders/${id}`)).body.status).toBe(status);
      }
    });

    it("emails the carrier its rate confirmation at dispatch, withdraws it if the order is cancelled before it goes, and prints the documents", async () => {
      const text = async (path: string) => {
        const r = await checkedFetch(`${h.url}${path}`, { headers: { Authorization: `Bearer ${await h.key()}` } });
        expect(r.headers.get('content-type'), path).toBe('application/pdf');
        const { extractText, getDocumentProxy } = await import('unpdf');
        return (await extractText(await getDocumentProxy(new Uint8Array(await r.arrayBuffer())), { mergePages: true })).text;
      };
      const created = (await h.call('POST', '/v1/orders', { body: orderBody(customerId, { carrier_pay: 95_000 }) })).body;
      const id = created.id as string;
      expect((await request.dispatch(id)).status).toBe(200);
      const [message] = (await h.call('GET', `/v1/messages?subject_id=${id}`)).body.data;
      expect(message).toMatchObject({ kind: 'rate_confirmation', channel: 'email', status: 'queued', subject_id: id });
      const confirmation = await text(`/v1/orders/${id}/rate_confirmation.pdf`);
      // The load by its number, which people say on the phone, not by its id.
      for (const expected of [created.number as string, '$950.00', '1HGCM82633A004352', 'Chicago, IL']) expect(confirmation).toContain(expected);
      // Cancelled before the email went out: it never will.
      expect((await request.cancel(id)).status).toBe(200);
      expect((await h.call('GET', `/v1/messages/${message.id}`)).body.status).toBe('cancelled');
      expect((await h.call('GET', `/v1/orders/${id}/rate_confirmation.pdf`)).status).toBe(409);
      // Delivered: the bill of lading names who signed.
      const delivered = await newOrder();
      for (const step of ['dispatch', 'pickup', 'deliver'] as const) expect((await request[step](delivered)).status).toBe(200);
      expect(await text(`/v1/orders/${delivered}/bill_of_lading.pdf`)).toContain('Jordan Price');
      expect((await h.call('GET', `/v1/orders/${await newOrder()}/bill_of_lading.pdf`)).body.error).toMatchObject({ code: 'invalid_state_transition' });
    });

    it("agrees the carrier's pay (and the price) at dispatch: the rate confirmation states it, and the carrier is paid it", async () => {
      const id = await newOrder(); // no price, no carrier_pay yet
      const refused = await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: activeCarrier, carrier_pay: -1 } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.param).toBe('carrier_pay');
      expect((await h.call('GET', `/v1/orders/${id}`)).body).toMatchObject({ status: 'pending', carrier_id: null, carrier_pay: null });
      const d = await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: activeCarrier, carrier_pay: 110_000, price: 150_000 } });
      expect(d.body).toMatchObject({ status: 'dispatched', carrier_pay: 110_000, price: 150_000 });
      const r = await checkedFetch(`${h.url}/v1/orders/${id}/rate_confirmation.pdf`, { headers: { Authorization: `Bearer ${await h.key()}` } });
      const { extractText, getDocumentProxy } = await import('unpdf');
      expect((await extractText(await getDocumentProxy(new Uint8Array(await r.arrayBuffer())), { mergePages: true })).text).toContain('$1,100.00');
      // After dispatch the pay can no longer change.
      expect((await h.call('PATCH', `/v1/orders/${id}`, { body: { carrier_pay: 1 } })).status).toBe(409);
      for (const step of ['pickup', 'deliver'] as const) expect((await request[step](id)).status).toBe(200);
      const paid = await h.call('POST', '/v1/carrier_payments', { body: { carrier_id: activeCarrier, order_ids: [id], payment_method: 'ach' } });
      expect(paid.status).toBe(201);
      expect(paid.body.amount).toBe(110_000);
      // A dispatch without them keeps what the order has.
      const kept = await newOrder();
      await h.call('PATCH', `/v1/orders/${kept}`, { body: { carrier_pay: 90_000 } });
      expect((await request.dispatch(kept)).body).toMatchObject({ carrier_pay: 90_000, price: null });
    });

    it('walks creation to delivery with the right events and fields', async () => {
      const id = await newOrder();
      const d = (await request.dispatch(id)).body;
      expect(d).toMatchObject({ status: 'dispatched', carrier_id: activeCarrier });
      expect(d.dispatched_at).toBeTypeOf('number');
      expect((await request.pickup(id)).body.picked_up_at).toBeTypeOf('number');
      await request.report_exception(id);
      const delivered = (await h.call('POST', `/v1/orders/${id}/deliver`, { body: { signed_by: 'Jordan Price', signed_at: 1795400000 } })).body;
      expect(delivered).toMatchObject({
        status: 'delivered',
        bill_of_lading: { signed_by: 'Jordan Price', signed_at: 1795400000 },
        delivered_at: 1795400000,
        exceptions: [{ kind: 'delay', note: 'Snow' }],
      });
      expect(await eventsOf(id)).toEqual(['order.created', 'order.dispatched', 'order.in_transit', 'order.exception', 'order.delivered']);
      expect((await h.call('GET', `/v1/orders?carrier_id=${activeCarrier}&status=delivered`)).body.data.map((o: { id: string }) => o.id)).toContain(id);
    });

    it('dispatches only to an active carrier of the account', async () => {
      const pending = (await onboard('5550002')).body.id;
      const id = await newOrder();
      const notActive = await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: pending } });
      expect(notActive.status).toBe(409);
      expect(notActive.body.error).toMatchObject({ code: 'carrier_not_active', param: 'carrier_id' });
      const missing = await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: 'car_01JF3QC4D6F8H0J2K4M6N8P0Q2' } });
      expect(missing.status).toBe(404);
      expect(missing.body.error.param).toBe('carrier_id');
      const theirs = (await onboard(DOT.pass[1]!, await h.key('carrier-owner'))).body.id;
      await vetAll();
      expect((await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: theirs } })).status).toBe(404);
      expect((await h.call('GET', `/v1/orders/${id}`)).body.status).toBe('pending');
    });
  });
});
