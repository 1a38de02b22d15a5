// Breaking changes to the OpenAPI document are caught: the diff (api-smart-diff with the project's
// rules) finds breaking changes and lets additive ones through, and the version gate fails a breaking
// change unless a new dated version transforms it (npm run check:breaking runs both in npm test).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptedMatches, acceptedReason, changeId, compareDocuments, judge, type Change, type RegistryEntry } from '../scripts/spec/breaking-changes.js';
import { published30File, publishedFile, registry, rendition30 } from '../scripts/spec/api-versions.js';
import { CURRENT_VERSION } from '../src/shared/versions.js';

type Doc = { paths: Record<string, any>; components: { schemas: Record<string, any> } };

/** The current document cut to a few resources (each comparison then takes about a second). */
const base: Doc = (() => {
  const doc = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as Doc;
  doc.paths = Object.fromEntries(Object.entries(doc.paths).filter(([p]) => /^\/v1\/(customers|orders|api_keys)(\/\{[a-z_]+\})?$/.test(p)));
  return doc;
})();

function changed(mutate: (doc: Doc, schemas: Record<string, any>) => void): Change[] {
  const doc = structuredClone(base);
  mutate(doc, doc.components.schemas);
  return compareDocuments(base as never, doc as never);
}
const breaking = (changes: Change[]) => changes.filter((c) => c.type === 'breaking');

describe('breaking-change detection', () => {
  it('finds no change between a document and itself', () => {
    expect(changed(() => {})).toEqual([]);
  });

  it('a response property removed breaks every operation answering that resource', () => {
    const found = breaking(
      changed((_d, s) => {
        delete s.Customer.properties.phone;
        s.Customer.required = s.Customer.required.filter((f: string) => f !== 'phone');
      }),
    );
    expect(new Set(found.map((c) => c.operation))).toEqual(new Set(['POST /v1/customers', 'GET /v1/customers', 'GET /v1/customers/{customer_id}', 'PATCH /v1/customers/{customer_id}']));
    expect(found.every((c) => c.side === 'response' && c.resource === 'customer')).toBe(true);
    expect(found.some((c) => c.description.includes('phone'))).toBe(true);
  });

  it('an optional request field made required breaks the requests that send it', () => {
    const found = breaking(changed((_d, s) => s.CustomerCreate.required.push('email')));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ operation: 'POST /v1/customers', side: 'request' });
    expect(found[0]!.description).toContain('email');
  });

  it('a response field made nullable (OpenAPI 3.1 type list) is breaking; a request field made nullable is not', () => {
    expect(breaking(changed((_d, s) => (s.Customer.properties.name = { type: ['string', 'null'] }))).length).toBeGreaterThan(0);
    const request = changed((_d, s) => (s.CustomerCreate.properties.phone = { ...s.PhoneE164, type: ['string', 'null'] }));
    expect(request.length).toBeGreaterThan(0);
    expect(breaking(request)).toEqual([]);
  });

  it('a response type replaced by another is breaking (every operation answering it); a request type replaced is judged as the tool does', () => {
    const found = breaking(changed((_d, s) => (s.Customer.properties.name = { type: 'integer' })));
    expect(found.map((c) => c.operation)).toEqual(expect.arrayContaining(['GET /v1/customers/{customer_id}', 'POST /v1/customers']));
    expect(found.every((c) => c.side === 'response' && c.pointer.endsWith('/properties/name/type/0'))).toBe(true);
    // A property that is named `type` is not the keyword.
    expect(breaking(changed((_d, s) => (s.Event.properties.type = { ...s.Event.properties.type, description: 'Reworded.' })))).toEqual([]);
  });

  it('a changed response constant is breaking', () => {
    const found = breaking(changed((_d, s) => (s.Customer.properties.object = { type: 'string', const: 'client' })));
    expect(found.length).toBeGreaterThan(0);
  });

  it('a value added to a response enum is breaking, unless the enum is marked x-extensible-enum (API versions, event types)', () => {
    expect(breaking(changed((_d, s) => s.OrderStatus.enum.push('on_hold'))).length).toBeGreaterThan(0);
    const versions = changed((_d, s) => s.ApiVersion.enum.unshift('2027-01-01'));
    expect(versions.length).toBeGreaterThan(0);
    expect(breaking(versions)).toEqual([]);
  });

  it('an operation removed is breaking', () => {
    const found = breaking(changed((d) => delete d.paths['/v1/customers']!.post));
    expect(found).toEqual([expect.objectContaining({ operation: 'POST /v1/customers', side: 'operation', action: 'remove' })]);
  });

  it('additions are not breaking: an optional request field, a response property, a query parameter, an operation', () => {
    const changes = changed((d, s) => {
      s.CustomerCreate.properties.tier = { type: 'string' };
      s.Customer.properties.tier = { type: ['string', 'null'] };
      d.paths['/v1/customers']!.get.parameters.push({ name: 'email', in: 'query', schema: { type: 'string' } });
      d.paths['/v1/customers/{customer_id}/archive'] = { post: { operationId: 'archiveCustomer', responses: { '200': { description: 'Archived.' } } } };
    });
    expect(changes.filter((c) => c.type === 'non-breaking').length).toBeGreaterThanOrEqual(4);
    expect(breaking(changes)).toEqual([]);
  });
});

describe('the version gate', () => {
  const removedPhone = changed((_d, s) => {
    delete s.Customer.properties.phone;
    s.Customer.required = s.Customer.required.filter((f: string) => f !== 'phone');
  });
  const requiredEmail = changed((_d, s) => s.CustomerCreate.required.push('email'));
  const published: RegistryEntry = { version: '2026-07-01', downgrades: ['order'] };
  const none = new Map<string, string>();

  it('fails a breaking change to the published current version, naming it', () => {
    const verdict = judge({ registry: [published], changes: removedPhone, base: '2026-07-01', accepted: none });
    expect(verdict.ok).toBe(false);
    expect(verdict.report.join('\n')).toMatch(/BREAKING: GET \/v1\/customers\/\{customer_id\}: .*phone/);
  });

  it('passes the same change once a new dated version carries a transform for the resource', () => {
    const next = { version: '2026-12-01', downgrades: ['customer'] };
    expect(judge({ registry: [next, published], changes: removedPhone, base: '2026-07-01', accepted: none }).ok).toBe(true);
  });

  it('fails a new version without a transform for the changed resource', () => {
    expect(judge({ registry: [{ version: '2026-12-01', downgrades: [] }, published], changes: removedPhone, base: '2026-07-01', accepted: none }).ok).toBe(false);
    expect(judge({ registry: [{ version: '2026-12-01', downgrades: ['order'] }, published], changes: removedPhone, base: '2026-07-01', accepted: none }).ok).toBe(false);
  });

  it('passes a request-side or operation break of a new version when the base version\'s document, derived now, breaks nothing against its published one', () => {
    const next = { version: '2026-12-01', downgrades: ['customer'] };
    const verdict = judge({ registry: [next, published], changes: requiredEmail, base: '2026-07-01', accepted: none, baseRendered: [] });
    expect(verdict.ok).toBe(true);
    expect(verdict.report.join('\n')).toContain('rendered for 2026-07-01 as before');
    // The derived base document breaks something: the change is not covered, and the break is named.
    const broken = judge({ registry: [next, published], changes: requiredEmail, base: '2026-07-01', accepted: none, baseRendered: requiredEmail });
    expect(broken.ok).toBe(false);
    expect(broken.report.join('\n')).toContain('BREAKING for 2026-07-01 as its document is derived now: POST /v1/customers');
    // Non-breaking differences of the derived document (a description) do not count.
    expect(judge({ registry: [next, published], changes: requiredEmail, base: '2026-07-01', accepted: none, baseRendered: requiredEmail.map((c) => ({ ...c, type: 'annotation' as const })) }).ok).toBe(true);
  });

  it('fails request-side breaks even with a new version (responses are all the registry transforms)', () => {
    const next = { version: '2026-12-01', downgrades: ['customer'] };
    const verdict = judge({ registry: [next, published], changes: requiredEmail, base: '2026-07-01', accepted: none });
    expect(verdict.ok).toBe(false);
    expect(verdict.report.join('\n')).toContain('BREAKING, not covered: POST /v1/customers');
  });

  it('passes a reported change that was reviewed and accepted with a reason', () => {
    const accepted = new Map([[changeId(breaking(requiredEmail)[0]!), 'The server already refused a customer without an email.']]);
    expect(judge({ registry: [published], changes: requiredEmail, base: '2026-07-01', accepted }).ok).toBe(true);
  });

  it('accepts by a pattern of pointer segments (`*` one, `**` any), and nothing the pattern does not name', () => {
    const id = changeId(breaking(requiredEmail)[0]!);
    const [action, pointer] = [id.split(' ')[0]!, id.slice(id.indexOf(' ') + 1)];
    const segments = pointer.split('/');
    expect(acceptedMatches(`${action} /paths/**/${segments.at(-1)}`, id)).toBe(true);
    expect(acceptedMatches(`${action} ${segments.slice(0, -1).join('/')}/*`, id)).toBe(true);
    expect(acceptedMatches(`${action} ${segments.slice(0, -2).join('/')}/*`, id)).toBe(false);
    expect(acceptedMatches(`remove${action === 'remove' ? 'd' : ''} /paths/**`, id)).toBe(false);
    expect(acceptedMatches(`${action} /paths/**/pattern`, id)).toBe(false);
    expect(acceptedMatches('add /paths/a.b', 'add /paths/aXb')).toBe(false);
    const accepted = new Map([[`${action} /paths/**`, 'Reviewed.']]);
    expect(judge({ registry: [published], changes: requiredEmail, base: '2026-07-01', accepted }).ok).toBe(true);
  });

  it('accepts a pattern only for a change whose new value holds its `after` text', () => {
    const accepted = new Map([['replace /paths/**/pattern', { reason: 'The text rule.', after: '\\uD7FF-\\uE000' }]]);
    const change = { action: 'replace' as const, pointer: '/paths/~1v1~1customers/post/requestBody/content/application~1json/schema/properties/name/pattern' };
    expect(acceptedReason(accepted, { ...change, after: '^(?:[^\\u0000\\uD7FF-\\uE000]|[\\uD7FF\\uE000])*$' })).toBe('The text rule.');
    expect(acceptedReason(accepted, { ...change, after: '^[a-z]+$' })).toBeUndefined();
    expect(acceptedReason(accepted, change)).toBeUndefined();
  });

  it('passes additive changes to the published current version', () => {
    const additive = changed((_d, s) => (s.Customer.properties.tier = { type: 'string' }));
    expect(judge({ registry: [published], changes: additive, base: '2026-07-01', accepted: none }).ok).toBe(true);
  });

  it('publishes beside every published document its OpenAPI 3.0 rendition, of the same operations and schemas', () => {
    // Frozen like the 3.1 document once published (publish:version writes both): the converter may
    // change later, so what is held is the rendition's version and content, not today's conversion.
    type Doc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, { operationId?: string }>>; components: { schemas: object } };
    const operations = (d: Doc) => Object.values(d.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)).filter(Boolean).sort();
    for (const { version } of registry().filter((e) => existsSync(publishedFile(e.version)))) {
      const doc = JSON.parse(readFileSync(published30File(version), 'utf8')) as Doc;
      const original = JSON.parse(readFileSync(publishedFile(version), 'utf8')) as Doc;
      expect(doc.openapi).toBe('3.0.3');
      expect(doc.info.version).toBe(version);
      expect(operations(doc)).toEqual(operations(original));
      // The 3.0 rendition adds a named schema per resource `object` type (`OrderObject`: scripts/spec/openapi30.ts).
      const objectType = (name: string) => {
        const schema = (doc.components.schemas as Record<string, { enum?: unknown[] }>)[name];
        return /Object$/.test(name) && !(name in original.components.schemas) && schema?.enum?.length === 1;
      };
      expect(Object.keys(doc.components.schemas).filter((n) => !objectType(n)).sort()).toEqual(Object.keys(original.components.schemas).sort());
    }
    // publish:version writes it with the conversion of /openapi-3.0.json.
    const current = readFileSync('generated/openapi.json', 'utf8');
    expect(rendition30(current)).toBe(readFileSync('generated/openapi-3.0.json', 'utf8'));
  });

  it('reads the registry of src/shared/versions.ts, and the current version has a published document', () => {
    expect(registry().slice(0, 3)).toEqual([
      { version: CURRENT_VERSION, downgrades: ['webhook_delivery', 'webhook_recovery', 'event_replay', 'letters_mailed', 'webhook_listen_batch', 'operations_report', 'receivables_aging_report', 'carrier', 'compliance_alert', 'invoice', 'carrier_payment', 'message'] },
      { version: '2026-12-01', downgrades: ['payment'] },
      { version: '2026-07-01', downgrades: ['order'] },
    ]);
    const doc = JSON.parse(readFileSync(publishedFile(CURRENT_VERSION), 'utf8')) as { info: { version: string } };
    expect(doc.info.version).toBe(CURRENT_VERSION);
  });
});
