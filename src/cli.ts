#!/usr/bin/env node
// The command of the package for integrators (bin `vehicle-transport`, through bin/vehicle-transport.js;
// `npx vehicle-transport ...` in a checkout or an install), against a running server, with a test key:
//
//   vehicle-transport listen --forward-to http://localhost:3000/hooks [--events order.created,...] [--print-secret] [--name <laptop>]
//   vehicle-transport trigger <event-type>
//
// `listen` opens a listener of test mode on the server (a webhook endpoint of its own, with a stable
// signing secret), asks it for events in long-lived requests (each waits up to 25 s for the next
// event), posts each event to the local URL with the signature headers the server made with that
// secret, and reports the local answer back (GET /v1/webhook_endpoints/{id}/deliveries shows it).
// It reconnects by itself after sleep or a network loss and says so; what happened meanwhile is
// sent on reconnect (what happened up to an hour after it last listened). `trigger` makes an event happen
// (POST /v1/test_helpers/events). The key and server come from --api-key / API_KEY and --api-base /
// API_BASE (default http://127.0.0.1:8080).
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';

const USAGE = `usage:
  vehicle-transport listen --forward-to <url> [--events <type,...>] [--print-secret] [--name <name>] [--api-base <url>]
  vehicle-transport trigger <event-type> [--api-base <url>]
The test key comes from API_KEY (sk_test_...) in the environment, the server from API_BASE or --api-base.`;

/** How long one request for events waits on the server for the next event, in seconds. */
const WAIT_SECONDS = 25;
/** How long the local receiver has to answer. */
const FORWARD_TIMEOUT_MS = 10_000;
/** Deliveries asked for at once (each is leased while the ones before it are forwarded). */
const BATCH = 5;
/** Waits between reconnection attempts (the last repeats). */
const RECONNECT_MS = [500, 1_000, 2_000, 5_000];

type Json = Record<string, any>;

interface Options {
  apiKey: string;
  apiBase: string;
}

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);
const say = (line: string) => process.stdout.write(`${line}\n`);
const warn = (line: string) => process.stderr.write(`${line}\n`);

async function call(o: Options, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Json> {
  const res = await fetch(new URL(path, o.apiBase), {
    method,
    headers: { Authorization: `Bearer ${o.apiKey}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  const text = await res.text();
  let parsed: Json | undefined;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // not JSON: said below
  }
  if (!res.ok) throw new ApiError(parsed?.error?.message ?? `${res.status} ${res.statusText}: ${text.slice(0, 200)}`, res.status);
  // Not this server (a proxy's page, say): as an unreachable server, tried again.
  if (!parsed) throw new ApiError(`${o.apiBase} answered ${res.status} with something other than JSON`, 502);
  return parsed;
}

/** Posts one event to the local URL; answers what the receiver said (or why it could not). */
async function forward(url: string, delivery: Json): Promise<Json> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'vehicle-transport-listen', ...delivery.headers },
      body: delivery.payload,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      redirect: 'manual',
    });
    return { response_status: res.status, response_body: storable(await res.text()), duration_ms: Date.now() - started };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const code = e.cause?.code;
    const error = e.name === 'TimeoutError' ? 'timeout' : code === 'ECONNREFUSED' ? 'connection_refused' : code === 'ECONNRESET' ? 'connection_reset' : code === 'ENOTFOUND' ? 'dns_failure' : 'network_error';
    return { error, error_detail: storable(`${code ?? e.name}: ${e.message}`, 500), duration_ms: Date.now() - started };
  }
}

/** Text the log can keep: well-formed, without NUL, its first `max` characters (whole code points). */
function storable(text: string, max = 1_000): string {
  return Array.from(text.toWellFormed().replaceAll('\u0000', '')).slice(0, max).join('');
}

async function listen(o: Options, args: { forwardTo?: string; events?: string; printSecret: boolean; name: string }): Promise<void> {
  const body = { name: args.name, ...(args.events ? { enabled_events: args.events.split(',').map((s) => s.trim()).filter(Boolean) } : {}), ...(args.forwardTo ? { forward_to: args.forwardTo } : {}) };
  const listener = await call(o, 'POST', '/v1/webhook_listeners', body);
  if (args.printSecret) {
    say(listener.secret);
    return;
  }
  if (!args.forwardTo) throw new Error('--forward-to <url> is needed (or --print-secret)');
  say(`Ready! Forwarding test-mode events (${(listener.enabled_events as string[]).join(', ')}) to ${args.forwardTo}`);
  say(`Your webhook signing secret is ${listener.secret} (Ctrl-C to stop)`);
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  let failures = 0;
  while (!stop.signal.aborted) {
    let batch: Json;
    try {
      // A connection that died in sleep is given up on after the wait and a margin, not the HTTP client's minutes.
      const signal = AbortSignal.any([stop.signal, AbortSignal.timeout((WAIT_SECONDS + 10) * 1000)]);
      batch = await call(o, 'POST', `/v1/webhook_endpoints/${listener.id}/listen`, { wait_seconds: WAIT_SECONDS, limit: BATCH }, signal);
    } catch (err) {
      if (stop.signal.aborted) break;
      if (err instanceof ApiError && err.status < 500 && err.status !== 429) throw err; // the key was revoked, say: no use trying again
      if (failures === 0) warn(`${stamp()}  Lost the connection to ${o.apiBase} (${(err as Error).message}); reconnecting...`);
      await new Promise((r) => setTimeout(r, RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]));
      failures++;
      continue;
    }
    if (failures > 0) {
      warn(`${stamp()}  Reconnected to ${o.apiBase}; what happened meanwhile follows.`);
      failures = 0;
    }
    // A batch of 2027-01-15 (`deliveries`); a key pinned to an older version gets a list (`data`).
    for (const delivery of (batch.deliveries ?? batch.data) as Json[]) {
      say(`${stamp()}  --> ${delivery.event_type} [${delivery.event_id}]`);
      const answer = await forward(args.forwardTo, delivery);
      say(`${stamp()}  <-- ${answer.response_status !== undefined ? `[${answer.response_status}]` : `[${answer.error}]`} POST ${args.forwardTo} [${delivery.event_id}]`);
      try {
        await call(o, 'POST', `/v1/webhook_endpoints/${listener.id}/deliveries/${delivery.id}/result`, answer);
      } catch (err) {
        const final = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
        // Not recorded: the server sends the event again once its lease ends (unless it refused the report for good).
        warn(`${stamp()}  Could not report the answer for ${delivery.event_id} (${(err as Error).message})${final ? '' : '; it will be sent again'}.`);
      }
    }
  }
}

async function trigger(o: Options, type: string | undefined): Promise<void> {
  if (!type) throw new Error(`an event type is needed\n${USAGE}`);
  const made = await call(o, 'POST', '/v1/test_helpers/events', { type });
  say(`Triggered ${made.type}: ${made.event_id}`);
  for (const id of made.event_ids as string[]) if (id !== made.event_id) say(`  with ${id}`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      'print-secret': { type: 'boolean', default: false },
      name: { type: 'string' },
      'api-key': { type: 'string' },
      'api-base': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command || !['listen', 'trigger'].includes(command)) {
    (values.help ? say : warn)(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  // A key on the command line is seen by every `ps` on the machine (and echoed by npm's banner): API_KEY is the way.
  if (values['api-key'] !== undefined) warn('warning: --api-key shows the key to every process on this machine; set API_KEY in the environment instead.');
  const apiKey = values['api-key'] ?? process.env.API_KEY ?? '';
  if (!/^sk_test_/.test(apiKey)) throw new Error('a test key is needed (API_KEY=sk_test_... in the environment): listen and trigger work in test mode only');
  const o: Options = { apiKey, apiBase: values['api-base'] ?? process.env.API_BASE ?? 'http://127.0.0.1:8080' };
  if (command === 'trigger') return trigger(o, rest[0]);
  return listen(o, { forwardTo: values['forward-to'], events: values.events, printSecret: values['print-secret'], name: values.name ?? hostname() });
}

main().catch((err: Error) => {
  warn(`error: ${err.message}`);
  process.exit(1);
});
