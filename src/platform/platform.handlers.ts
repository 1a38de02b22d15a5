// Unauthenticated platform operations: published specs, reference docs, health, readiness, metrics.
import { readFileSync } from 'node:fs';
import type { PublicHandlers } from '../shared/handlers.js';
import { generatedFile } from '../shared/spec.js';
import { registry } from '../shared/metrics.js';

const file = (name: string) => readFileSync(generatedFile(name), 'utf8');
const published = {
  openapiJson: JSON.parse(file('openapi.json')) as Record<string, unknown>,
  openapiYaml: file('openapi.yaml'),
  asyncapiJson: JSON.parse(file('asyncapi.json')) as Record<string, unknown>,
  asyncapiYaml: file('asyncapi.yaml'),
  docs: file('docs.html'),
};

export const handlers: PublicHandlers<
  'getOpenApiJson' | 'getOpenApiYaml' | 'getAsyncApiJson' | 'getAsyncApiYaml' | 'getApiReference' | 'getHealth' | 'getReadiness' | 'getMetrics'
> = {
  getOpenApiJson: async () => ({ status: 200, body: published.openapiJson }),
  // The YAML endpoints answer the document's text; their schema describes the document it parses to.
  getOpenApiYaml: async () => ({ status: 200, body: published.openapiYaml as never, contentType: 'application/yaml' }),
  getAsyncApiJson: async () => ({ status: 200, body: published.asyncapiJson }),
  getAsyncApiYaml: async () => ({ status: 200, body: published.asyncapiYaml as never, contentType: 'application/yaml' }),
  getApiReference: async () => ({ status: 200, body: published.docs, contentType: 'text/html; charset=utf-8' }),
  getHealth: async () => ({ status: 200, body: { status: 'ok' } }),
  async getReadiness(_input, ctx) {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await ctx.em.execute('select 1');
    } catch {
      database = 'unavailable';
    }
    if (database === 'ok' && !ctx.shuttingDown) return { status: 200, body: { status: 'ready', database } };
    return { status: 503, body: { status: 'not_ready', database } };
  },
  getMetrics: async () => ({ status: 200, body: await registry.metrics(), contentType: registry.contentType }),
};
