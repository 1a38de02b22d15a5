// The delivery worker's send (worker.ts runs the phases): a claimed delivery signed with its
// endpoint's secrets of the moment and POSTed, outside any transaction, as a span of its event's
// trace; or, when the endpoint's breaker is open and the delivery is not its probe, an attempt not
// made.
import { unixSeconds } from '../shared/clock.js';
import { endSpan, startDeliverySpan } from '../shared/trace.js';
import { signingSecrets } from './endpoint-secrets.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signer.js';
import type { DeliveryError, DeliveryOutcome, Transport } from './transport.js';
import type { Claimed } from './worker.claim.js';

/** Timeouts and connection errors in a row that open an endpoint's breaker. */
export const BREAKER_THRESHOLD = 5;
/** The error of an attempt not made because the endpoint's breaker is open. */
export const ENDPOINT_UNAVAILABLE = 'endpoint_unavailable' satisfies DeliveryError;

// Stryker disable next-line ConditionalExpression: a null status is not >= 200 either
export const succeeded = (o: DeliveryOutcome) => o.status !== null && o.status >= 200 && o.status < 300;

/** The headers of an attempt at `at` (but its trace's): JSON, signed with the endpoint's secrets of that time, with the event's id. */
export const signedHeaders = (claimed: Claimed, at: Date): Record<string, string> => ({
  'Content-Type': 'application/json',
  [SIGNATURE_HEADER]: signatureHeader(signingSecrets({ ...claimed, id: claimed.endpointId }, at), unixSeconds(at), claimed.payload),
  [EVENT_ID_HEADER]: claimed.eventId,
});

/** The outcome of an attempt not made: the endpoint's breaker is open, and the delivery is not its probe. */
export const notSent = (): DeliveryOutcome => ({
  status: null,
  durationMs: 0,
  responseBody: '',
  error: ENDPOINT_UNAVAILABLE,
  errorDetail: `not sent: the endpoint failed ${BREAKER_THRESHOLD} times in a row (timeouts or connection errors); one probe delivery at a time tests it`,
});

/**
 * POSTs a claimed delivery signed at `startedAt`. Each attempt is a span of the causing request's
 * trace, sent as the delivery's traceparent. `sending` holds, by delivery id, when each POST under
 * way started (performance.now()).
 */
export async function post(transport: Transport, claimed: Claimed, startedAt: Date, sending: Map<string, number>): Promise<DeliveryOutcome> {
  const span = startDeliverySpan('webhook delivery', claimed.trace);
  sending.set(claimed.id, performance.now());
  let outcome: DeliveryOutcome;
  try {
    outcome = await transport.post({
      url: claimed.url,
      headers: {
        ...signedHeaders(claimed, startedAt),
        ...(span ? { traceparent: span.headers.traceparent } : {}),
        ...(span?.headers.tracestate ? { tracestate: span.headers.tracestate } : {}),
      },
      body: claimed.payload,
    });
  } finally {
    sending.delete(claimed.id);
  }
  endSpan(span, { 'service.delivery_id': claimed.id, 'service.event_id': claimed.eventId, 'http.response.status_code': outcome.status ?? 0 }, !succeeded(outcome));
  return outcome;
}
