// Each older API version's documents (generated/versions/<version>/) are the current ones passed
// through that version's transforms (scripts/spec/version-documents.ts): schemas, examples and info.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentForVersion, OLDER_VERSIONS, versionDocumentFile } from '../scripts/spec/version-documents.js';
import { CURRENT_VERSION, renderForVersion, SUPPORTED_VERSIONS } from '../src/shared/versions.js';

const read = (name: string) => JSON.parse(readFileSync(`generated/${name}`, 'utf8')) as Record<string, any>;

describe('the documents of each API version', () => {
  it('has every supported version but the current one under generated/versions/, the current one at the top', () => {
    expect(OLDER_VERSIONS).toEqual(SUPPORTED_VERSIONS.slice(1));
    expect(versionDocumentFile(CURRENT_VERSION, 'openapi.json')).toBe('openapi.json');
    for (const v of OLDER_VERSIONS) {
      for (const name of ['openapi.json', 'openapi-3.0.json', 'asyncapi.json'] as const) expect(read(versionDocumentFile(v, name)).info.version).toBe(v);
    }
  });

  it('is the current document for the current version, and refuses an unknown one', () => {
    const doc = { info: { version: CURRENT_VERSION }, components: { schemas: {} } };
    expect(documentForVersion(doc, CURRENT_VERSION)).toBe(doc);
    expect(() => documentForVersion(doc, '1999-01-01')).toThrow(/not a supported API version/);
  });

  it('renders the examples of answers and events as the version renders them, and leaves request examples as they are', () => {
    const order = { id: 'ord_1', object: 'order', pickup: { city: 'Chicago' }, delivery: { city: 'Miami' } };
    const doc = {
      info: { version: CURRENT_VERSION, description: 'The API.' },
      components: { schemas: { Order: { type: 'object', properties: { object: { const: 'order' }, pickup: {}, delivery: {} }, examples: [order] } } },
      paths: {
        '/v1/orders': {
          post: {
            requestBody: { content: { 'application/json': { example: { pickup: { city: 'Chicago' } } } } },
            responses: { '201': { content: { 'application/json': { examples: { created: { value: order } } } } } },
          },
        },
        '/v1/events': { get: { responses: { '200': { content: { 'application/json': { example: { object: 'list', data: [{ object: 'event', api_version: CURRENT_VERSION, data: order }] } } } } } } },
      },
    };
    const out = documentForVersion(doc as never, '2026-01-15') as any;
    expect(out.components.schemas.Order.properties).toEqual({ object: { const: 'order' }, origin: {}, destination: {} });
    expect(out.components.schemas.Order.examples).toEqual([renderForVersion(order, '2026-01-15')]);
    expect(out.paths['/v1/orders'].post.requestBody.content['application/json'].example).toEqual({ pickup: { city: 'Chicago' } });
    expect(out.paths['/v1/orders'].post.responses['201'].content['application/json'].examples.created.value).toMatchObject({ origin: { city: 'Chicago' } });
    expect(out.paths['/v1/events'].get.responses['200'].content['application/json'].example.data[0]).toMatchObject({ api_version: '2026-01-15', data: { origin: { city: 'Chicago' } } });
    expect(out.info).toMatchObject({ version: '2026-01-15' });
    expect(out.info.description).toMatch(/^\*\*This document describes API version `2026-01-15`\*\*.*\n\nThe API\.$/s);
    // The current document is left as it was.
    expect(doc.components.schemas.Order.properties).toHaveProperty('pickup');
  });

  it('refuses a schema of a changed resource where the transforms do not reach it', () => {
    const inline = { info: { version: CURRENT_VERSION }, components: { schemas: { Wrapper: { properties: { order: { properties: { object: { const: 'order' } } } } } } } };
    expect(() => documentForVersion(inline as never, '2026-01-15')).toThrow(/Wrapper\/properties\/order \(object order\)/);
    const xObject = { info: { version: CURRENT_VERSION }, components: { schemas: { OrderData: { 'x-object': 'order', properties: {} } } } };
    expect(() => documentForVersion(xObject as never, '2026-01-15')).toThrow(/OrderData \(x-object order\)/);
    // A version that does not change orders derives it.
    expect(documentForVersion(inline as never, '2026-07-01').info).toMatchObject({ version: '2026-07-01' });
  });

  it('describes each version as its answers and payloads are: the committed documents', () => {
    const preview = read(versionDocumentFile('2026-01-15', 'openapi.json'));
    expect(Object.keys(preview.components.schemas.Order.properties)).toEqual(expect.arrayContaining(['origin', 'destination']));
    expect(preview.components.schemas.Order.required).toEqual(expect.arrayContaining(['origin', 'destination']));
    expect(preview.components.schemas.Order.properties).not.toHaveProperty('pickup');
    expect(preview.components.schemas.ApiVersion.description).toContain('this document describes `2026-01-15`');
    const events = read(versionDocumentFile('2026-01-15', 'asyncapi.json'));
    expect(events.components.schemas.Order.required).toEqual(expect.arrayContaining(['origin', 'destination']));
    expect(events.components.schemas.Order.properties).not.toHaveProperty('delivery');
    const july = read(versionDocumentFile('2026-07-01', 'openapi.json'));
    expect(july.components.schemas.Payment.properties.status.enum).toEqual(['succeeded', 'failed']);
    expect(read(versionDocumentFile('2026-07-01', 'asyncapi.json')).components.schemas.Payment.properties.status.enum).toEqual(['succeeded', 'failed']);
    expect(july.components.schemas.Order.properties).toHaveProperty('pickup');
    // The 3.0 rendition of the same.
    expect(read(versionDocumentFile('2026-01-15', 'openapi-3.0.json')).components.schemas.Order.required).toContain('origin');
  });
});
