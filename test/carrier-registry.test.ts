// The carrier registry: the real QCMobile client against a local server that plays FMCSA, the local
// registry file, and the vetting rules.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passingRecord } from './support/registry-records.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalRegistryProvider,
  createQcMobileProvider,
  createRegistryProvider,
  LOCAL_REGISTRY_SAMPLES,
  RegistryUnavailableError,
  vetCarrier,
  type CarrierRecord,
  type QcMobileOptions,
  type VettingReason,
} from '../src/carriers/registry/index.js';

const WEB_KEY = 'b7f3c1d9a4e24f0c8b6d5e2f1a3c4b59e0d1c2a3';
const FIXED_NOW = new Date('2026-11-22T12:00:00Z');
const clock = { now: () => FIXED_NOW };

// ---------------------------------------------------------------------------------------------
// A fake FMCSA QCMobile, serving envelopes shaped like the live API's (see qcmobile.ts header).
// ---------------------------------------------------------------------------------------------

const links = (dot: number) => ({
  basics: { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}/basics` },
  'cargo carried': { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}/cargo-carried` },
  'operation classification': { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}/operation-classification` },
  'docket numbers': { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}/docket-numbers` },
  'carrier active-For-hire authority': { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}/authority` },
  self: { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}` },
});

const carrier = (over: Record<string, unknown> = {}) => ({
  allowedToOperate: 'Y',
  bipdInsuranceOnFile: '1000',
  bipdInsuranceRequired: 'Y',
  bipdRequiredAmount: '750',
  bondInsuranceOnFile: '0',
  bondInsuranceRequired: 'u',
  brokerAuthorityStatus: 'N',
  cargoInsuranceOnFile: '100',
  cargoInsuranceRequired: 'Y',
  carrierOperation: { carrierOperationCode: 'A', carrierOperationDesc: 'Interstate' },
  censusTypeId: { censusType: 'C', censusTypeDesc: 'CARRIER', censusTypeId: 1 },
  commonAuthorityStatus: 'A',
  contractAuthorityStatus: 'N',
  crashTotal: 2,
  dbaName: 'TRI-STATE CAR CARRIERS',
  dotNumber: 2458117,
  driverInsp: 64,
  driverOosInsp: 2,
  driverOosRate: 3.125,
  driverOosRateNationalAverage: '5.51',
  ein: 814402211,
  fatalCrash: 0,
  injCrash: 1,
  isPassengerCarrier: 'N',
  issScore: null,
  legalName: 'TRI-STATE AUTO HAULING LLC',
  mcs150Outdated: 'N',
  oosDate: null,
  phyCity: 'COLUMBUS',
  phyCountry: 'US',
  phyState: 'OH',
  phyStreet: '4100 FISHER RD',
  phyZipcode: '43228',
  reviewDate: '2023-05-10',
  reviewType: 'C',
  safetyRating: 'S',
  safetyRatingDate: '2023-05-12',
  statusCode: 'A',
  totalDrivers: 18,
  totalPowerUnits: 16,
  towawayCrash: 1,
  vehicleInsp: 41,
  vehicleOosInsp: 7,
  vehicleOosRate: 17.07,
  vehicleOosRateNationalAverage: '20.72',
  ...over,
});

const retrievalDate = '2026-11-22T05:12:19.117+0000';
const dotEnvelope = (c: Record<string, unknown>) =>
  JSON.stringify({ content: { _links: links(c.dotNumber as number), carrier: c }, retrievalDate });
const docketEnvelope = (...cs: Record<string, unknown>[]) =>
  JSON.stringify({ content: cs.map((c) => ({ _links: links(c.dotNumber as number), carrier: c })), retrievalDate });
const authorityEnvelope = (dot: number, docket: number) =>
  JSON.stringify({
    content: [
      {
        carrierAuthority: {
          applicantID: 918273,
          authority: 'N',
          authorizedForBroker: 'N',
          authorizedForHouseholdGoods: 'N',
          authorizedForPassenger: 'N',
          authorizedForProperty: 'Y',
          brokerAuthorityStatus: 'N',
          commonAuthorityStatus: 'A',
          contractAuthorityStatus: 'N',
          docketNumber: docket,
          dotNumber: dot,
          prefix: 'MC',
        },
        _links: { self: { href: `https://mobile.fmcsa.dot.gov/qc/services/carriers/${dot}/authority/918273` } },
      },
    ],
    retrievalDate,
  });
const WEBKEY_NOT_FOUND = JSON.stringify({
  content: 'Webkey not found',
  retrievalDate,
  _links: { self: { href: 'https://mobile.fmcsa.dot.gov/qc' } },
});
const MAINTENANCE_HTML =
  '<html><head><title>FMCSA System Maintenance Page</title></head><body>QCMobile is undergoing scheduled maintenance.</body></html>';

interface Seen {
  path: string;
  webKey: string | null;
  accept: string | undefined;
}
type Handler = (req: IncomingMessage, res: ServerResponse, path: string) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[] = [];

const json = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(body);
};
const countPath = (path: string) => seen.filter((s) => s.path === path).length;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ path: url.pathname, webKey: url.searchParams.get('webKey'), accept: req.headers.accept });
    // One connection per request, so that request counts are exact (no stale keep-alive sockets
    // between tests, which the client would rightly retry).
    res.setHeader('connection', 'close');
    if (url.searchParams.get('webKey') !== WEB_KEY) return json(res, 404, WEBKEY_NOT_FOUND);
    handler(req, res, url.pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/qc/services/`;
});
afterEach(() => {
  seen = [];
  server.closeAllConnections();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const provider = (over: Partial<QcMobileOptions> = {}) =>
  createQcMobileProvider({ baseUrl, webKey: WEB_KEY, timeoutMs: 2000, retries: 2, backoffMs: 10, clock, ...over });

async function unavailable(p: Promise<unknown>): Promise<RegistryUnavailableError> {
  const err = await p.then(
    () => {
      throw new Error('expected RegistryUnavailableError');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RegistryUnavailableError);
  return err as RegistryUnavailableError;
}

function expectNoKey(err: Error) {
  expect(err.message).not.toContain(WEB_KEY);
  expect(String(err.stack)).not.toContain(WEB_KEY);
  expect(JSON.stringify(err)).not.toContain(WEB_KEY);
}

describe('QCMobile client against a fake FMCSA', () => {
  it('reads the phone and email when a record carries them, and the address from the parts there are', async () => {
    handler = (_req, res, path) => {
      if (path === '/qc/services/carriers/2458117') return json(res, 200, dotEnvelope(carrier({ telephone: '(614) 555-0142', emailAddress: 'ops@tristate.example', phyStreet: null, phyZipcode: '' })));
      json(res, 404, JSON.stringify({ content: null }));
    };
    const record = await provider().findByDot('2458117');
    expect(record).toMatchObject({ phone: '(614) 555-0142', email: 'ops@tristate.example', physicalAddress: 'COLUMBUS, OH' });
  });
  it('looks a carrier up by DOT number, sends the webKey as a query parameter, and maps the envelope', async () => {
    handler = (_req, res, path) => {
      if (path === '/qc/services/carriers/2458117') return json(res, 200, dotEnvelope(carrier()));
      if (path === '/qc/services/carriers/2458117/authority') return json(res, 200, authorityEnvelope(2458117, 801734));
      json(res, 404, JSON.stringify({ content: 'There is no resource for path ' + path }));
    };
    const record = await provider().findByDot('2458117');
    expect(record).toEqual<CarrierRecord>({
      dotNumber: '2458117',
      mcNumber: '801734',
      legalName: 'TRI-STATE AUTO HAULING LLC',
      dbaName: 'TRI-STATE CAR CARRIERS',
      allowedToOperate: true,
      commonAuthority: 'active',
      contractAuthority: 'none',
      bipdInsuranceOnFileUsd: 1_000_000,
      bipdInsuranceRequiredUsd: 750_000,
      cargoInsuranceOnFile: true,
      bondOnFile: false,
      safetyRating: 'satisfactory',
      outOfServiceDate: null,
      insuranceExpiresOn: null,
      bondExpiresOn: null,
      processAgentExpiresOn: null,
      phone: null,
      email: null,
      physicalAddress: '4100 FISHER RD, COLUMBUS, OH 43228',
      retrievedAt: FIXED_NOW,
    });
    expect(seen.map((s) => s.path)).toEqual(['/qc/services/carriers/2458117', '/qc/services/carriers/2458117/authority']);
    expect(seen.every((s) => s.webKey === WEB_KEY)).toBe(true);
    expect(seen[0]!.accept).toBe('application/json');
    expect(vetCarrier(record, FIXED_NOW)).toEqual({ passed: true, reasons: [] });
  });

  it('looks a carrier up by MC docket number (content is an array)', async () => {
    handler = (_req, res, path) => {
      if (path === '/qc/services/carriers/docket-number/801734') {
        return json(res, 200, docketEnvelope(carrier({ dbaName: null, contractAuthorityStatus: 'A', commonAuthorityStatus: 'I' })));
      }
      json(res, 404, JSON.stringify({ content: 'There is no resource for path ' + path }));
    };
    const record = await provider().findByMc('MC-801734');
    expect(record).toMatchObject({
      dotNumber: '2458117',
      mcNumber: '801734',
      dbaName: null,
      commonAuthority: 'inactive',
      contractAuthority: 'active',
    });
    expect(seen.map((s) => s.path)).toEqual(['/qc/services/carriers/docket-number/801734']);
    expect(seen[0]!.webKey).toBe(WEB_KEY);
  });

  it('answers null for an unknown carrier (content null, empty docket list, or a plain 404)', async () => {
    handler = (_req, res, path) => {
      if (path === '/qc/services/carriers/9911223') return json(res, 200, JSON.stringify({ content: null, retrievalDate }));
      if (path === '/qc/services/carriers/docket-number/99112') return json(res, 200, JSON.stringify({ content: [], retrievalDate }));
      json(res, 404, JSON.stringify({ content: 'Carrier not found', retrievalDate }));
    };
    const p = provider();
    expect(await p.findByDot('9911223')).toBeNull();
    expect(await p.findByMc('99112')).toBeNull();
    expect(await p.findByDot('9911224')).toBeNull();
    expect(seen).toHaveLength(3); // none retried
    expect(vetCarrier(null)).toEqual({ passed: false, reasons: ['not_found'] });
  });

  it('does not read a 404 for a path QCMobile does not serve as "no such carrier"', async () => {
    handler = (_req, res, path) => json(res, 404, JSON.stringify({ content: 'There is no resource for path ' + path }));
    const err = await unavailable(provider().findByDot('2458117'));
    expect(err.reason).toBe('bad_response');
    expect(seen).toHaveLength(1);
    handler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not Found</body></html>');
    };
    expect((await unavailable(provider().findByMc('801734'))).reason).toBe('bad_response');
  });

  it('does not send a request for something that cannot be a DOT or MC number', async () => {
    handler = (_req, res) => json(res, 500, '{}');
    expect(await provider().findByDot('not-a-number')).toBeNull();
    expect(await provider().findByMc('')).toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('raises invalid_web_key without retrying when FMCSA answers "Webkey not found" (HTTP 404)', async () => {
    handler = () => {
      throw new Error('unreachable: the server refuses the key before this');
    };
    const p = createQcMobileProvider({ baseUrl, webKey: 'not-the-right-key-0000', retries: 3, backoffMs: 10 });
    const err = await unavailable(p.findByDot('2458117'));
    expect(err.reason).toBe('invalid_web_key');
    expect(err.attempts).toBe(1);
    expect(seen).toHaveLength(1);
    expect(err.message).not.toContain('not-the-right-key-0000');
  });

  it.each([401, 403])('raises invalid_web_key without retrying on HTTP %i', async (status) => {
    handler = (_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end(`<html><head><title>${status}</title></head><body>${status} ERROR</body></html>`);
    };
    const err = await unavailable(provider({ retries: 3 }).findByDot('2458117'));
    expect(err.reason).toBe('invalid_web_key');
    expect(seen).toHaveLength(1);
    expectNoKey(err);
  });

  it('also treats a 200 whose content is "Webkey not found" as a rejected key', async () => {
    handler = (_req, res) => json(res, 200, WEBKEY_NOT_FOUND);
    const err = await unavailable(provider().findByMc('801734'));
    expect(err.reason).toBe('invalid_web_key');
    expect(seen).toHaveLength(1);
  });

  it('retries 503 twice and then succeeds on the third request', async () => {
    let calls = 0;
    handler = (_req, res, path) => {
      if (path.endsWith('/authority')) return json(res, 200, authorityEnvelope(2458117, 801734));
      calls += 1;
      if (calls <= 2) return json(res, 503, JSON.stringify({ content: 'Service Unavailable' }));
      json(res, 200, dotEnvelope(carrier()));
    };
    const record = await provider({ retries: 2 }).findByDot('2458117');
    expect(record?.legalName).toBe('TRI-STATE AUTO HAULING LLC');
    expect(countPath('/qc/services/carriers/2458117')).toBe(3);
  });

  it('gives up with server_error after its retries when FMCSA keeps answering 500', async () => {
    handler = (_req, res) => json(res, 500, JSON.stringify({ content: 'Internal Server Error' }));
    const err = await unavailable(provider({ retries: 2 }).findByDot('2458117'));
    expect(err.reason).toBe('server_error');
    expect(err.attempts).toBe(3);
    expect(seen).toHaveLength(3);
    expectNoKey(err);
  });

  it('retries the HTML maintenance page (HTTP 200, text/html) and then raises maintenance', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(MAINTENANCE_HTML);
    };
    const err = await unavailable(provider({ retries: 2 }).findByDot('2458117'));
    expect(err.reason).toBe('maintenance');
    expect(seen).toHaveLength(3);
    expectNoKey(err);
  });

  it('times a hanging server out, retries within bounds, then raises timeout', async () => {
    handler = () => {
      /* never answers */
    };
    const started = performance.now();
    const err = await unavailable(provider({ timeoutMs: 200, retries: 1, backoffMs: 20 }).findByDot('2458117'));
    const elapsed = performance.now() - started;
    expect(err.reason).toBe('timeout');
    expect(err.attempts).toBe(2);
    expect(seen).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(380);
    expect(elapsed).toBeLessThan(1500); // 2 x 200 ms + 20 ms backoff, with slack
    expectNoKey(err);
  });

  it('times out a response whose body never ends', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"content":{"carrier":');
    };
    const err = await unavailable(provider({ timeoutMs: 200, retries: 0 }).findByDot('2458117'));
    expect(err.reason).toBe('timeout');
  });

  it('reports a refused connection as network_error, without the webKey in the message', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const p = createQcMobileProvider({ baseUrl: `http://127.0.0.1:${port}/qc/services`, webKey: WEB_KEY, retries: 1, backoffMs: 5 });
    const err = await unavailable(p.findByDot('2458117'));
    expect(err.reason).toBe('network_error');
    expect(err.attempts).toBe(2);
    expect(err.message).toContain('/qc/services/carriers/2458117');
    expectNoKey(err);
  });

  it('never puts the webKey in an error, even when a fetch error quotes the URL', async () => {
    const leaky: typeof fetch = async (input) => {
      throw new TypeError(`request to ${String(input)} failed, reason: ECONNRESET`);
    };
    const err = await unavailable(provider({ fetchImpl: leaky, retries: 0 }).findByDot('2458117'));
    expect(err.reason).toBe('network_error');
    expect(err.message).toContain('webKey=***');
    expectNoKey(err);
  });

  it('maps out-of-service dates, unsatisfactory ratings, missing required amounts and "Y" flags', async () => {
    handler = (_req, res, path) => {
      if (path.endsWith('/authority')) return json(res, 200, JSON.stringify({ content: [], retrievalDate }));
      json(
        res,
        200,
        dotEnvelope(
          carrier({
            dotNumber: 1783390,
            allowedToOperate: 'N',
            oosDate: '08/03/2026',
            safetyRating: 'U',
            bipdInsuranceOnFile: '0',
            bipdRequiredAmount: undefined,
            bipdInsuranceRequired: 'u',
            cargoInsuranceOnFile: '0',
            bondInsuranceOnFile: 'Y',
            commonAuthorityStatus: 'I',
            contractAuthorityStatus: 'I',
          }),
        ),
      );
    };
    const record = await provider().findByDot('1783390');
    expect(record).toMatchObject({
      dotNumber: '1783390',
      mcNumber: null,
      allowedToOperate: false,
      outOfServiceDate: '2026-08-03',
      safetyRating: 'unsatisfactory',
      bipdInsuranceOnFileUsd: 0,
      bipdInsuranceRequiredUsd: 0,
      cargoInsuranceOnFile: false,
      bondOnFile: true,
    });
    expect(vetCarrier(record, FIXED_NOW).reasons).toEqual<VettingReason[]>([
      'not_authorized',
      'insurance_below_minimum',
      'unsatisfactory_rating',
      'out_of_service',
    ]);
  });

  it('still returns the carrier when the MC (authority) look-up fails', async () => {
    handler = (_req, res, path) => {
      if (path.endsWith('/authority')) return json(res, 503, '{}');
      json(res, 200, dotEnvelope(carrier()));
    };
    const record = await provider().findByDot('2458117');
    expect(record?.mcNumber).toBeNull();
    expect(countPath('/qc/services/carriers/2458117/authority')).toBe(1); // best effort, not retried
  });
});

describe('createRegistryProvider', () => {
  it('uses QCMobile when a webKey is configured, and the local file otherwise', () => {
    expect(createRegistryProvider({ fmcsaWebKey: WEB_KEY }).name).toBe('qcmobile');
    expect(createRegistryProvider({ fmcsaWebKey: WEB_KEY, fmcsaBaseUrl: baseUrl }).name).toBe('qcmobile');
    expect(createRegistryProvider({}).name).toBe('local');
    expect(createRegistryProvider({ fmcsaWebKey: '  ' }).name).toBe('local');
  });
  it('points QCMobile at the configured base URL', async () => {
    handler = (_req, res, path) => {
      if (path.endsWith('/authority')) return json(res, 200, authorityEnvelope(2458117, 801734));
      json(res, 200, dotEnvelope(carrier()));
    };
    const record = await createRegistryProvider({ fmcsaWebKey: WEB_KEY, fmcsaBaseUrl: baseUrl.replace(/\/$/, '') }).findByDot('2458117');
    expect(record?.mcNumber).toBe('801734');
    expect(seen[0]!.path).toBe('/qc/services/carriers/2458117');
  });
});

describe('local registry', () => {
  const local = createLocalRegistryProvider(undefined, { clock });
  const S = LOCAL_REGISTRY_SAMPLES;

  const expected: [string, string, VettingReason[]][] = [
    ...S.pass.map((dot): [string, string, VettingReason[]] => ['pass', dot, []]),
    ['not_authorized', S.not_authorized, ['not_authorized']],
    ['insurance_below_minimum', S.insurance_below_minimum, ['insurance_below_minimum']],
    ['unsatisfactory_rating', S.unsatisfactory_rating, ['unsatisfactory_rating']],
    ['out_of_service', S.out_of_service, ['out_of_service']],
    ['multiple', S.multiple, ['not_authorized', 'unsatisfactory_rating', 'out_of_service']],
    ['insurance_expired', S.insurance_expired, []],
    ['bond_expiring_soon', S.bond_expiring_soon, []],
    ['process_agent_lapsed', S.process_agent_lapsed, []],
  ];

  it.each(expected)('sample %s (DOT %s) vets to %j', async (_name, dot, reasons) => {
    const record = await local.findByDot(dot);
    expect(record).not.toBeNull();
    expect(record!.dotNumber).toBe(dot);
    expect(vetCarrier(record, FIXED_NOW)).toEqual({ passed: reasons.length === 0, reasons });
  });

  it('answers null for a DOT absent from the file, which vets to not_found', async () => {
    const record = await local.findByDot(S.not_found);
    expect(record).toBeNull();
    expect(vetCarrier(record)).toEqual({ passed: false, reasons: ['not_found'] });
  });

  it('throws RegistryUnavailableError for the unreachable sample, by DOT and by MC', async () => {
    const err = await unavailable(local.findByDot(S.unreachable));
    expect(err.reason).toBe('unreachable');
    expect((await unavailable(local.findByMc('1150503'))).reason).toBe('unreachable');
  });

  it('finds carriers by MC number too', async () => {
    const record = await local.findByMc('MC-918274');
    expect(record).toMatchObject({ dotNumber: S.pass[0], mcNumber: '918274', legalName: 'BLUE RIDGE AUTO TRANSPORT LLC' });
    expect(await local.findByMc('123')).toBeNull();
  });

  it('resolves relative expiry dates against the clock', async () => {
    const today = '2026-11-22';
    const expired = await local.findByDot(S.insurance_expired);
    expect(expired!.insuranceExpiresOn).toBe('2026-11-10');
    expect(expired!.insuranceExpiresOn! < today).toBe(true);
    const bond = await local.findByDot(S.bond_expiring_soon);
    expect(bond!.bondOnFile).toBe(true);
    expect(bond!.bondExpiresOn).toBe('2026-12-02');
    const agent = await local.findByDot(S.process_agent_lapsed);
    expect(agent!.processAgentExpiresOn).toBe('2026-10-23');
    for (const dot of S.pass) {
      const r = await local.findByDot(dot);
      expect(r!.insuranceExpiresOn! > today).toBe(true);
      expect(r!.retrievedAt).toEqual(FIXED_NOW);
    }
  });

  it('DOT and MC numbers in the file are 6 to 7 digits and unique', async () => {
    const { readFile } = await import('node:fs/promises');
    const { DEFAULT_LOCAL_REGISTRY_FILE } = await import('../src/carriers/registry/local.js');
    const file = JSON.parse(await readFile(DEFAULT_LOCAL_REGISTRY_FILE, 'utf8')) as { carriers: { dotNumber: string; mcNumber: string }[] };
    const dots = file.carriers.map((c) => c.dotNumber);
    expect(dots.every((d) => /^\d{6,7}$/.test(d))).toBe(true);
    expect(new Set(dots).size).toBe(dots.length);
    expect(new Set(file.carriers.map((c) => c.mcNumber)).size).toBe(dots.length);
    expect(dots).not.toContain(S.not_found);
  });

  it('rejects a malformed registry file with the field named', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'registry-'));
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ carriers: [{ dotNumber: '1234567', legalName: 'X' }] }));
    await expect(createLocalRegistryProvider(file).findByDot('1234567')).rejects.toThrow(/allowedToOperate/);
  });
});

describe('vetCarrier', () => {
  const good: CarrierRecord = passingRecord(FIXED_NOW, { dotNumber: '2458117', mcNumber: '801734', legalName: 'TRI-STATE AUTO HAULING LLC', bondOnFile: false });

  it.each<[string, Partial<CarrierRecord>, VettingReason[]]>([
    ['a clean record', {}, []],
    ['contract authority only', { commonAuthority: 'none', contractAuthority: 'active' }, []],
    ['a conditional rating', { safetyRating: 'conditional' }, []],
    ['no rating', { safetyRating: 'unrated' }, []],
    ['insurance exactly at the required amount', { bipdInsuranceOnFileUsd: 750_000 }, []],
    ['an out-of-service order dated in the future', { outOfServiceDate: '2026-12-01' }, []],
    ['not allowed to operate', { allowedToOperate: false }, ['not_authorized']],
    ['no active authority', { commonAuthority: 'inactive', contractAuthority: 'none' }, ['not_authorized']],
    ['broker-like: neither common nor contract', { commonAuthority: 'none', contractAuthority: 'inactive' }, ['not_authorized']],
    ['no insurance on file', { bipdInsuranceOnFileUsd: 0 }, ['insurance_below_minimum']],
    ['300k against 750k required', { bipdInsuranceOnFileUsd: 300_000 }, ['insurance_below_minimum']],
    ['1M against 5M required (hazmat)', { bipdInsuranceRequiredUsd: 5_000_000 }, ['insurance_below_minimum']],
    ['required unknown: the 750k federal minimum applies', { bipdInsuranceRequiredUsd: 0, bipdInsuranceOnFileUsd: 500_000 }, ['insurance_below_minimum']],
    ['required unknown, 750k on file', { bipdInsuranceRequiredUsd: 0, bipdInsuranceOnFileUsd: 750_000 }, []],
    ['an unsatisfactory rating', { safetyRating: 'unsatisfactory' }, ['unsatisfactory_rating']],
    ['an out-of-service order dated today', { outOfServiceDate: '2026-11-22' }, ['out_of_service']],
    ['an out-of-service order in the past', { outOfServiceDate: '2024-02-29' }, ['out_of_service']],
    [
      'everything wrong at once, reasons in table order',
      { outOfServiceDate: '2025-01-01', safetyRating: 'unsatisfactory', bipdInsuranceOnFileUsd: 0, allowedToOperate: false },
      ['not_authorized', 'insurance_below_minimum', 'unsatisfactory_rating', 'out_of_service'],
    ],
    ['two failures', { bipdInsuranceOnFileUsd: 100_000, outOfServiceDate: '2026-01-15' }, ['insurance_below_minimum', 'out_of_service']],
  ])('%s', (_name, over, reasons) => {
    expect(vetCarrier({ ...good, ...over }, FIXED_NOW)).toEqual({ passed: reasons.length === 0, reasons });
  });

  it('fails a missing record with not_found only', () => {
    expect(vetCarrier(null, FIXED_NOW)).toEqual({ passed: false, reasons: ['not_found'] });
  });
});
