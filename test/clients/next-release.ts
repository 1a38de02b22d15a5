// The next additive release, as docs/api-versions.md ("What may grow") promises it ships without a
// new API version: its documents (today's, plus one new response property on Order and Customer, one
// new value of two growing enums, one new event type), and a loopback proxy in front of a live server
// that answers as that release would. The client matrix (clients.test.ts) runs every client generated
// from today's documents, and both receiver helper packages, against it: none may fail.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAnswer } from '../support/contract-check.js';

type Json = Record<string, any>;

/** What the next release adds. */
export const NEXT = {
  /** The name its documents go by in the contract check. */
  document: 'next additive release',
  /** A new response property, on Order and Customer (an object, so nested growth is covered too). */
  property: 'external_reference',
  value: { system: 'tms', id: 'TMS-4411' },
  /** A new ErrorCode (growing): the 404 of a missing resource answers it instead of `resource_missing`. */
  errorCode: { was: 'resource_missing', now: 'resource_archived' },
  /** A new EventType value in an answer: the test event of an endpoint names it. */
  eventTypeValue: { was: 'webhook_endpoint.test', now: 'webhook_endpoint.checked' },
  /** A new event type, delivered with an order that has the new property. */
  eventType: 'order.rerouted',
} as const;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const newProperty = {
  type: 'object',
  description: 'The reference of this object in the integrator’s own system (added in the next release).',
  properties: { system: { type: 'string' }, id: { type: 'string' } },
};

/** Grows the schemas a document has (the AsyncAPI document has no Customer and no ErrorCode). */
function grow(schemas: Json): void {
  for (const name of ['Order', 'Customer']) if (schemas[name]) schemas[name].properties[NEXT.property] = newProperty;
  schemas.ErrorCode?.enum.push(NEXT.errorCode.now);
  schemas.EventType.enum.push(NEXT.eventTypeValue.now, NEXT.eventType);
}

/** Today's documents grown by the next release (the inputs are left as they are). */
export function nextDocuments(openapi: Json, asyncapi: Json): { openapi: Json; asyncapi: Json } {
  const o = clone(openapi);
  const a = clone(asyncapi);
  grow(o.components.schemas);
  grow(a.components.schemas);
  // The new event type: a message like order.created's, with its own type.
  const payload = clone(a.components.schemas.OrderCreatedEvent);
  payload.title = 'OrderReroutedEvent';
  payload.description = `${NEXT.eventType}: an order's route changed (added in the next release).`;
  payload.properties.type = { type: 'string', const: NEXT.eventType };
  a.components.schemas.OrderReroutedEvent = payload;
  a.components.messages.OrderRerouted = { ...clone(a.components.messages.OrderCreated), name: NEXT.eventType, title: NEXT.eventType, payload: { $ref: '#/components/schemas/OrderReroutedEvent' } };
  a.channels.webhookEndpoint.messages.OrderRerouted = { $ref: '#/components/messages/OrderRerouted' };
  a.operations.deliverEvent.messages.push({ $ref: '#/channels/webhookEndpoint/messages/OrderRerouted' });
  return { openapi: o, asyncapi: a };
}

/** An answer's body as the next release writes it; counts what it changed. */
export function grownAnswer(body: unknown, seen: { properties: number; enumValues: number }): unknown {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) out[k] = walk(v);
    if (out.object === 'order' || out.object === 'customer') {
      out[NEXT.property] = NEXT.value;
      seen.properties++;
    }
    if (out.code === NEXT.errorCode.was && typeof out.type === 'string') {
      out.code = NEXT.errorCode.now;
      seen.enumValues++;
    }
    if (out.event_type === NEXT.eventTypeValue.was) {
      out.event_type = NEXT.eventTypeValue.now;
      seen.enumValues++;
    }
    return out;
  };
  return walk(body);
}

/** A delivery body as the next release sends it: the new property on its order, or the new event type. */
export function grownDelivery(body: string, options: { type?: string } = {}): string {
  const event = JSON.parse(body) as Json;
  const data = event.data?.object === 'order' || event.data?.object === 'customer' ? { ...event.data, [NEXT.property]: NEXT.value } : event.data;
  return JSON.stringify({ ...event, ...(options.type ? { type: options.type } : {}), data });
}

export interface NextReleaseProxy {
  url: string;
  /** What the proxy changed in the answers it passed on, and how many answers it passed on. */
  seen: { answers: number; properties: number; enumValues: number; problems: string[] };
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of `target` answering as the next release would: each JSON answer is
 * checked against today's document of its version (what the server really said), grown
 * (`grownAnswer`), and checked against the next release's documents (registered under NEXT.document).
 */
export async function startNextReleaseProxy(target: string): Promise<NextReleaseProxy> {
  const to = new URL(target);
  const seen = { answers: 0, properties: 0, enumValues: 0, problems: [] as string[] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Uncompressed answers, so that they can be rewritten.
      const headers: IncomingHttpHeaders = { ...req.headers, host: to.host, 'accept-encoding': 'identity' };
      const onward = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const status = answer.statusCode ?? 502;
          const out = { ...answer.headers };
          let bytes = Buffer.concat(parts);
          const url = `${target.replace(/\/$/, '')}${req.url ?? '/'}`;
          const fetchHeaders = new Headers(Object.entries(answer.headers).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]])));
          if (String(answer.headers['content-type'] ?? '').startsWith('application/json') && bytes.length) {
            try {
              const text = bytes.toString('utf8');
              const body = JSON.parse(text) as unknown;
              checkAnswer(req.method ?? 'GET', url, { status, headers: fetchHeaders, text, body });
              const grown = JSON.stringify(grownAnswer(body, seen));
              checkAnswer(req.method ?? 'GET', url, { status, headers: fetchHeaders, text: grown, body: JSON.parse(grown) }, { document: NEXT.document });
              bytes = Buffer.from(grown);
              seen.answers++;
            } catch (err) {
              // A mismatch is the test's failure (it reads `problems`); the client sees a 599 naming it.
              seen.problems.push(String((err as Error).message));
              res.writeHead(599, { 'content-type': 'text/plain' });
              res.end(String((err as Error).message));
              return;
            }
            delete out['transfer-encoding'];
            out['content-length'] = String(bytes.length);
          }
          res.writeHead(status, out);
          res.end(bytes);
        });
      });
      onward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      onward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
