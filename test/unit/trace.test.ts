// W3C trace context (src/shared/trace.ts) and when the OpenTelemetry SDK is switched on (src/shared/telemetry.ts).
import { describe, expect, it } from 'vitest';
import { formatTraceparent, startDeliverySpan, startRequestSpan } from '../../src/shared/trace.js';
import { telemetryWanted } from '../../src/shared/telemetry.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('trace context', () => {
  it("continues the caller's trace with a span of its own, keeping tracestate", () => {
    const t = startRequestSpan('GET', { traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'a=1,b=2' });
    expect(t.traceId).toBe(TRACE);
    expect(t.headers.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    expect(t.headers.traceparent).not.toContain(SPAN);
    expect(t.headers.tracestate).toBe('a=1,b=2');
  });

  it('starts a sampled trace for no header, an invalid one or an all-zero trace id', () => {
    for (const headers of [{}, { traceparent: 'garbage' }, { traceparent: `00-${'0'.repeat(32)}-${SPAN}-01` }, { traceparent: `00-${TRACE}-${'0'.repeat(16)}-01` }]) {
      const t = startRequestSpan('GET', headers);
      expect(t.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(t.traceId).not.toBe('0'.repeat(32));
      expect(t.headers.tracestate).toBeNull();
    }
  });

  it('passes on the flags version 00 defines and clears the others', () => {
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: 0xff })).toBe(`00-${TRACE}-${SPAN}-03`);
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: 0 })).toBe(`00-${TRACE}-${SPAN}-00`);
    const unsampled = startDeliverySpan('delivery', { traceparent: `00-${TRACE}-${SPAN}-00`, tracestate: null });
    expect(unsampled!.headers.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-00$`));
  });

  it('makes a new span per delivery attempt of a stored trace, none without one', () => {
    const stored = { traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'v=1' };
    const a = startDeliverySpan('delivery', stored)!;
    const b = startDeliverySpan('delivery', stored)!;
    expect(a.traceId).toBe(TRACE);
    expect(a.headers.traceparent).not.toBe(b.headers.traceparent);
    expect(a.headers.tracestate).toBe('v=1');
    expect(startDeliverySpan('delivery', null)).toBeNull();
    expect(startDeliverySpan('delivery', { traceparent: 'garbage', tracestate: null })).toBeNull();
  });
});

describe('telemetryWanted: the SDK only when the standard variables ask', () => {
  it('is off by default, on with an OTLP endpoint or OTEL_TRACES_EXPORTER=otlp', () => {
    expect(telemetryWanted({})).toBe(false);
    expect(telemetryWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(telemetryWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(telemetryWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(telemetryWanted({ OTEL_TRACES_EXPORTER: ' OTLP , console' })).toBe(true);
  });
  it('is off when switched off or asked for an exporter other than OTLP, whatever endpoint is set', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(telemetryWanted({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(telemetryWanted({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(telemetryWanted({ ...endpoint, OTEL_TRACES_EXPORTER: 'console' })).toBe(false);
    expect(telemetryWanted({ ...endpoint, OTEL_TRACES_EXPORTER: 'otlp,none' })).toBe(false);
    expect(telemetryWanted({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });
});
