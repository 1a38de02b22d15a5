// Unauthenticated platform operations: published specs, reference docs, health, readiness, metrics.
import { readFileSync } from 'node:fs';
import type { Handlers } from '../http/handler.js';
import { generatedFile } from '../http/spec.js';
import { registry } from '../http/metrics.js';
import { readiness } from '../shared/readiness.js';

// Each published file is read on its first request and kept: about 1 MB that most processes never serve.
const file = (name: string) => readFileSync(generatedFile(name), 'utf8');
const once = <T>(load: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= load());
};
const published = {
  openapiJson: once(() => JSON.parse(file('openapi.json')) as Record<string, unknown>),
  openapiYaml: once(() => file('openapi.yaml')),
  asyncapiJson: once(() => JSON.parse(file('asyncapi.json')) as Record<string, unknown>),
  asyncapiYaml: once(() => file('asyncapi.yaml')),
  docs: once(() => file('docs.html')),
};

export const handlers: Handlers<
  'getOpenApiJson' | 'getOpenApiYaml' | 'getAsyncApiJson' | 'getAsyncApiYaml' | 'getApiReference' | 'getHealth' | 'getReadiness' | 'getMetrics'
> = {
  getOpenApiJson: async () => ({ status: 200, body: published.openapiJson() }),
  // The YAML endpoints answer the document's text; their schema describes the document it parses to.
  getOpenApiYaml: async () => ({ status: 200, body: published.openapiYaml() as never, contentType: 'application/yaml' }),
  getAsyncApiJson: async () => ({ status: 200, body: published.asyncapiJson() }),
  getAsyncApiYaml: async () => ({ status: 200, body: published.asyncapiYaml() as never, contentType: 'application/yaml' }),
  getApiReference: async () => ({ status: 200, body: published.docs(), contentType: 'text/html; charset=utf-8' }),
  getHealth: async () => ({ status: 200, body: { status: 'ok' } }),
  async getReadiness(_input, ctx) {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await ctx.em.execute('select 1');
    } catch {
      database = 'unavailable';
    }
    if (database === 'ok' && !readiness.shuttingDown) return { status: 200, body: { status: 'ready', database } };
    return { status: 503, body: { status: 'not_ready', database } };
  },
  getMetrics: async () => ({ status: 200, body: await registry.metrics(), contentType: registry.contentType }),
};
