// A webhook receiver on 127.0.0.1 that records every request and answers as the test says.
// Every delivery it gets (an event envelope: `type`, `api_version`) is checked against the AsyncAPI
// document of its version (test/support/contract-check.ts, `checkDelivery`); the receiver answers as
// it would anyway, keeps each mismatch in `mismatches`, and the hooks below fail the test that was
// running when it arrived (or, for one arriving after, the file) with the event type, the version and
// the schema error. A test with a receiver of its own (an in-process server that counts or drops
// connections) checks what it gets with `checkReceived`; a receiver in another process (the helper
// packages', a guide's) gets its deliveries through `startRelay`, a checked hop in front of it.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
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

/**
 * Checks one delivery a test's own receiver got (`checkDelivery`, counted like the shared receiver's):
 * a mismatch fails the test it arrived in (or, arriving after the last, the file), as the shared
 * receiver's do.
 */
export function checkReceived(body: string): void {
  const mismatch = checkDelivery(body);
  if (mismatch) reported.push(mismatch);
}

/**
 * For a test's own receiver: reads a request's body to its end, checks it (`checkReceived`), then
 * calls `then` with it (in place of `req.resume(); req.on('end', ...)`).
 */
export function onDelivery(req: IncomingMessage, then: (body: string) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    checkReceived(body);
    then(body);
  });
}

export interface Relay {
  /** Where to deliver: the target's path appended, e.g. `http://127.0.0.1:<port>/hooks`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A checked hop in front of a receiver in another process: every request is checked (`checkReceived`)
 * and passed on to `target` unchanged (method, path, headers, body: the signature still holds), and
 * the target's answer is passed back. A target that cannot be reached is answered 502.
 */
export async function startRelay(target: string): Promise<Relay> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      checkReceived(body.toString('utf8'));
      const headers = { ...req.headers, host: to.host };
      const onward = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      onward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      onward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${to.pathname}${to.search}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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
