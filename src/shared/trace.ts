// W3C Trace Context through OpenTelemetry's API: a request continues its caller's trace (or starts
// one), the events it causes keep that trace, and each delivery attempt is a span of it, sent as the
// delivery's `traceparent`. Spans are recorded and exported only when the OpenTelemetry SDK is
// switched on (telemetry.ts, by the standard OTEL_* variables); without it the ids are still made
// here, so logs, events and deliveries carry a trace either way.
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  defaultTextMapGetter,
  isSpanContextValid,
  trace,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator, parseTraceParent } from '@opentelemetry/core';
import { randomHex } from './ids.js';

const propagator = new W3CTraceContextPropagator();
// A proxy: it reaches the SDK's tracer once telemetry.ts registers one, so it is made once.
const tracer = trace.getTracer('vehicle-transport-api');

/** A trace position as W3C Trace Context headers carry it. */
export interface TraceHeaders {
  traceparent: string;
  tracestate: string | null;
}

export interface Traced {
  span: Span;
  /** The span's own position (what its children name as their parent). */
  headers: TraceHeaders;
  traceId: string;
}

// Trace and span ids from the pooled randomness of the ids (one CSPRNG call per many requests).
const hex = randomHex;

/** Version 00 of W3C Trace Context: the flags it defines (sampled, random) passed on, any other bit cleared. */
export const formatTraceparent = (sc: SpanContext): string =>
  `00-${sc.traceId}-${sc.spanId}-${(sc.traceFlags & 0x03).toString(16).padStart(2, '0')}`;

/**
 * Starts `name` as a child of `parent` (none: a new trace). With the SDK the span is recorded and
 * has its own ids; without it (or when not sampled) the ids are made here: the parent's trace (or a
 * new one, sampled) with a span id of its own.
 */
function startSpan(name: string, kind: SpanKind, parent: SpanContext | undefined): Traced {
  const parentContext = parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
  let span = tracer.startSpan(name, { kind }, parentContext);
  let sc = span.spanContext();
  if (!isSpanContextValid(sc) || sc.spanId === parent?.spanId) {
    sc = {
      traceId: parent?.traceId ?? hex(16),
      spanId: hex(8),
      traceFlags: parent?.traceFlags ?? TraceFlags.SAMPLED,
      ...(parent?.traceState ? { traceState: parent.traceState } : {}),
    };
    span = trace.wrapSpanContext(sc);
  }
  return { span, headers: { traceparent: formatTraceparent(sc), tracestate: sc.traceState?.serialize() || null }, traceId: sc.traceId };
}

/** The span of one API request: a child of the caller's valid `traceparent`, else a new trace. */
export function startRequestSpan(name: string, headers: Record<string, string | string[] | undefined>): Traced {
  const extracted = trace.getSpanContext(propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter));
  return startSpan(name, SpanKind.SERVER, extracted && isSpanContextValid(extracted) ? extracted : undefined);
}

/**
 * The span of one delivery attempt of an event recorded with `stored` (none: no trace, no span):
 * a child of the request's span, with the headers to send.
 */
export function startDeliverySpan(name: string, stored: TraceHeaders | null): Traced | null {
  if (!stored) return null;
  const parent = parseTraceParent(stored.traceparent);
  if (!parent || !isSpanContextValid(parent)) return null;
  if (stored.tracestate) {
    const withState = propagator.extract(ROOT_CONTEXT, { traceparent: stored.traceparent, tracestate: stored.tracestate }, defaultTextMapGetter);
    return startSpan(name, SpanKind.CLIENT, trace.getSpanContext(withState) ?? parent);
  }
  return startSpan(name, SpanKind.CLIENT, parent);
}

/** Ends a span with the outcome of its work (an error status for failures). */
export function endSpan(traced: Traced | null, attributes: Record<string, string | number | boolean>, failed: boolean): void {
  if (!traced) return;
  traced.span.setAttributes(attributes);
  if (failed) traced.span.setStatus({ code: SpanStatusCode.ERROR });
  traced.span.end();
}
