// npm run bench:versions: what rendering an answer for a pinned API version costs, beside what every
// answer pays anyway. A page of 100 orders and a page of 100 payments (one in ten returned), each
// rendered for every supported version (src/shared/versions.ts: renderForVersion), and, as the
// baseline, serialized to JSON (JSON.stringify, which every answer and every webhook payload goes
// through). Prints microseconds per page and the render's cost as a share of the serialization.
// Keys and webhook endpoints keep the version they were made with, so the older versions are the
// ones most existing integrators are answered in. Bounded: BENCH_PAGES renders per case (default
// 3,000) after 300 to warm up.
import { readFileSync } from 'node:fs';
import { renderForVersion, SUPPORTED_VERSIONS } from '../../src/shared/versions.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 3000);
const WARM = 300;

// The bodies are the OpenAPI document's own examples of an order, a payment and a returned payment.
const EXAMPLES = (JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as { components: { examples: Record<string, { value: Record<string, unknown> }> } })
  .components.examples;
const example = (name: string, i: number) => ({ ...EXAMPLES[name]!.value, id: `${String(EXAMPLES[name]!.value.id).slice(0, -6)}${String(i).padStart(6, '0')}` });
const order = (i: number) => example('Order', i);
const payment = (i: number) => example(i % 10 === 0 ? 'ReturnedPayment' : 'Payment', i);
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
