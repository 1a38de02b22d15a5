// npm run bench:versions: what rendering an answer for a pinned API version costs, beside what every
// answer pays anyway. A page of 100 orders and a page of 100 payments (one in ten returned), each
// rendered for every supported version (src/shared/versions.ts: renderForVersion), and, as the
// baseline, serialized to JSON (JSON.stringify, which every answer and every webhook payload goes
// through). Prints microseconds per page and the render's cost as a share of the serialization.
// Keys and webhook endpoints keep the version they were made with, so the older versions are the
// ones most existing integrators are answered in. Bounded: BENCH_PAGES renders per case (default
// 3,000) after 300 to warm up.
import { renderForVersion, SUPPORTED_VERSIONS } from '../src/shared/versions.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 3000);
const WARM = 300;

const stop = (city: string, state: string) => ({ address1: '1 Dock St', city, state, zip: '60607', contact_name: 'Dana', contact_phone: '+13125550188' });
const order = (i: number) => ({
  id: `ord_${String(i).padStart(26, '0')}`,
  object: 'order',
  livemode: true,
  customer_id: 'cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E',
  status: 'in_transit',
  pickup: stop('Chicago', 'IL'),
  delivery: stop('Miami Beach', 'FL'),
  vehicles: [
    { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: 'car', inoperable: false },
    { vin: '1HGCM82633A004353', year: 2019, make: 'Ford', model: 'F-150', type: 'pickup', inoperable: false },
  ],
  price: 145_000,
  carrier_pay: 110_000,
  currency: 'usd',
  metadata: { source: 'tms', load: String(i) },
  created: 1_764_547_200,
  updated: 1_764_547_200,
});
const payment = (i: number) => ({
  id: `pay_${String(i).padStart(26, '0')}`,
  object: 'payment',
  livemode: true,
  customer_id: 'cus_01JF3Q8Z6V4X2N7M5K9B0C1D2E',
  invoice_id: 'inv_01JF3QF2H4K6M8P0R2T4V6X8Z0',
  amount: 50_000,
  currency: 'usd',
  payment_method: 'ach',
  reference: `ACH-${i}`,
  status: i % 10 === 0 ? 'returned' : 'succeeded',
  failure_reason: null,
  returned_at: i % 10 === 0 ? 1_765_843_200 : null,
  return_reason: i % 10 === 0 ? 'R01: insufficient funds' : null,
  created: 1_765_411_200,
});
const page = (data: unknown[]) => ({ object: 'list', data, has_more: true, next_cursor: 'x' });

function perPage(run: () => unknown): number {
  for (let i = 0; i < WARM; i++) run();
  const started = performance.now();
  for (let i = 0; i < PAGES; i++) run();
  return ((performance.now() - started) / PAGES) * 1000;
}

const us = (n: number) => `${n.toFixed(1).padStart(7)} µs`;
console.log(`bench:versions: ${PAGES} renders per case, microseconds per page of 100`);
for (const [name, body] of [
  ['100 orders', page(Array.from({ length: 100 }, (_, i) => order(i)))],
  ['100 payments', page(Array.from({ length: 100 }, (_, i) => payment(i)))],
] as const) {
  const baseline = perPage(() => JSON.stringify(body));
  console.log(`${name.padEnd(13)} baseline: JSON.stringify ${us(baseline)}`);
  for (const version of SUPPORTED_VERSIONS) {
    const render = perPage(() => renderForVersion(body, version));
    console.log(`${name.padEnd(13)} render for ${version} ${us(render)}  (${((render / baseline) * 100).toFixed(0).padStart(3)}% of the baseline)`);
  }
}
