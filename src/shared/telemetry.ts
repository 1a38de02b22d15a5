// The OpenTelemetry SDK, switched on only by the standard variables: spans of requests and delivery
// attempts exported over OTLP/HTTP when `OTEL_TRACES_EXPORTER=otlp` or an OTLP endpoint is set
// (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and not when
// `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`. The exporter reads the other OTEL_EXPORTER_OTLP_*
// variables itself (headers, timeout); `OTEL_SERVICE_NAME` names the service. Nothing is exported by
// default, and the SDK is not even loaded.
import { trace } from '@opentelemetry/api';

export interface Telemetry {
  /** Exports what is buffered and stops (at shutdown). */
  shutdown(): Promise<void>;
}

/**
 * Whether to export: `OTEL_TRACES_EXPORTER`, when set, decides (only `otlp` is supported; `none`
 * or any other exporter exports nothing); unset, an OTLP endpoint variable switches it on.
 */
export function telemetryWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.length) return exporters.includes('otlp') && !exporters.includes('none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts the SDK when the environment asks for it; null otherwise. */
export async function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<Telemetry | null> {
  if (!telemetryWanted(env)) return null;
  const [{ TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'vehicle-transport-api' }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  return { shutdown: () => provider.shutdown() };
}
