// A webhook receiver on 127.0.0.1 that records every request and answers as the test says.
// Every delivery it gets (an event envelope: `type`, `api_version`) is checked against the AsyncAPI
// document of its version (test/support/contract-check.ts, `checkDelivery`); the receiver answers as
// it would anyway, keeps each mismatch in `mismatches`, and the hooks below fail the test that was
// running when it arrived (or, for one arriving after, the file) with the event type, the version and
// the schema error.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach } from 'vitest';
import { checkDelivery, ContractMismatch, writeContractCheckCounts } from './contract-check.js';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** Answer with a status (and body), redirect, or never answer. */
export type Behaviour = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Behaviour of the next requests, in order; then `fallback`. */
  queue: Behaviour[];
  fallback: Behaviour;
  /** Resolves when `n` requests in total have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  /** Deliveries that did not match their version's AsyncAPI document, not yet reported. */
  mismatches: string[];
  close(): Promise<void>;
}

/** The receivers started and not yet closed, and the mismatches of closed ones not yet reported. */
const open = new Set<Receiver>();
const reported: string[] = [];

/** Throws (a ContractMismatch) with every delivery mismatch not yet reported, open receivers' and closed ones'. */
function reportMismatches(): void {
  const all = reported.splice(0);
  for (const r of open) all.push(...r.mismatches.splice(0));
  writeContractCheckCounts();
  if (all.length) throw new ContractMismatch(all.join('\n'));
}
afterEach(reportMismatches);
afterAll(reportMismatches);

export async function startReceiver(fallback: Behaviour = { status: 200, body: '{"received":true}' }): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const waiters: { n: number; resolve: () => void }[] = [];
  const receiver = { received, queue: [] as Behaviour[], fallback, mismatches: [] as string[] } as Receiver;
  open.add(receiver);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      const mismatch = checkDelivery(body);
      if (mismatch) receiver.mismatches.push(mismatch);
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      const behaviour = receiver.queue.shift() ?? receiver.fallback;
      if (behaviour === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(behaviour.status, { 'Content-Type': 'application/json', ...behaviour.headers });
      res.end(behaviour.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.waitFor = (n, timeoutMs = 10_000) =>
    received.length >= n
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${n} requests`)), timeoutMs);
          waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
        });
  receiver.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Closing never throws (the hook that closes goes on closing the rest); the hooks above report.
    open.delete(receiver);
    reported.push(...receiver.mismatches.splice(0));
  };
  return receiver;
}
