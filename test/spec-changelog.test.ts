// The changelog of the API contract (npm run spec:changelog -- <ref>), as reviewers read it: one entry
// per change, named after the schema it is made in, with the operations and event types it reaches;
// each breaking change with its rule and whether a new API version covers it; events judged as their
// receivers read them; and the command itself against a git repository.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changelogEntries, newVersionsSince, renderChangelog, specChangelog, type ApiDocuments } from '../scripts/spec/changelog.js';

type Doc = Record<string, any>;

/** The real generated documents, the OpenAPI one cut to a few paths (a comparison then takes about two seconds). */
function real(paths = ['/v1/orders/{order_id}', '/v1/carriers', '/v1/customers/{customer_id}']): ApiDocuments {
  const openapi = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as Doc;
  openapi.paths = Object.fromEntries(Object.entries(openapi.paths as Doc).filter(([p]) => paths.includes(p)));
  return { openapi, asyncapi: JSON.parse(readFileSync('generated/asyncapi.json', 'utf8')) as Doc };
}

/** A change to a shared schema, made where generation puts it: in the OpenAPI document and in the AsyncAPI document's copy. */
function inSchemas(docs: ApiDocuments, name: string, change: (schema: Doc) => void): void {
  for (const doc of [docs.openapi, docs.asyncapi] as Doc[]) if (doc.components.schemas[name]) change(doc.components.schemas[name]);
}

/** The sample: a response field added, an enum value removed, an operation deprecated, an event type added. */
function sampleChange(docs: ApiDocuments): void {
  inSchemas(docs, 'Order', (s) => (s.properties.reference_note = { type: ['string', 'null'], maxLength: 200, description: 'A note for the carrier.' }));
  inSchemas(docs, 'VehicleType', (s) => (s.enum = s.enum.filter((v: string) => v !== 'other')));
  (docs.openapi as Doc).paths['/v1/carriers'].get.deprecated = true;
  inSchemas(docs, 'EventType', (s) => s.enum.push('order.on_hold'));
  const a = docs.asyncapi as Doc;
  const payload = structuredClone(a.components.schemas.OrderExceptionEvent);
  payload.title = 'OrderOnHoldEvent';
  payload.properties.type = { type: 'string', const: 'order.on_hold' };
  a.components.schemas.OrderOnHoldEvent = payload;
  a.components.messages.OrderOnHold = {
    ...a.components.messages.OrderException,
    name: 'order.on_hold',
    title: 'order.on_hold',
    summary: 'An order is held until the customer confirms it.',
    payload: { $ref: '#/components/schemas/OrderOnHoldEvent' },
  };
  a.channels.webhookEndpoint.messages.OrderOnHold = { $ref: '#/components/messages/OrderOnHold' };
  a.operations.deliverEvent.messages.push({ $ref: '#/channels/webhookEndpoint/messages/OrderOnHold' });
}

/** The registry as it is at the base: no version newer than the documents'. */
const published = [
  { version: '2026-12-01', downgrades: ['payment'] },
  { version: '2026-07-01', downgrades: ['order'] },
  { version: '2026-01-15', downgrades: [] },
];

const SAMPLE = `## API changes since \`main\`

**1 breaking** (none covered by a new API version), 6 not breaking.

### Request bodies

- **Breaking** \`VehicleType\`: enum value \`other\` removed (updateOrder) — an enum value removed from a request: clients sending it get 400; not covered by a new API version.

### Responses

- \`Order.reference_note\`: added, string or null, maxLength 200 (getOrder, updateOrder)
- \`VehicleType\`: enum value \`other\` removed (getOrder, updateOrder)

### Event types

- Event type added: \`order.on_hold\` (OrderOnHold): An order is held until the customer confirms it.

### Event payloads

- \`Order.reference_note\`: added, string or null, maxLength 200 (8 event types: order.cancelled, order.created, order.delivered, order.dispatched, order.exception, order.in_transit, order.reopened, order.updated)
- \`VehicleType\`: enum value \`other\` removed (8 event types: order.cancelled, order.created, order.delivered, order.dispatched, order.exception, order.in_transit, order.reopened, order.updated)

### Deprecated

- Operation \`GET /v1/carriers\` (listCarriers): deprecated
`;

describe('the changelog of a change', () => {
  const base = real();
  const head = real();
  sampleChange(head);
  let output = '';
  beforeAll(() => {
    output = specChangelog(base, head, { baseRef: 'main', registry: published });
  });

  it('lists each change once, in its section, with the operations and event types a shared schema reaches', () => {
    expect(output).toBe(SAMPLE);
  });

  it('is the example the API versions guide shows', () => {
    const guide = readFileSync('docs/api-versions.md', 'utf8');
    const section = guide.slice(guide.indexOf('## Changing the API'));
    const example = /```markdown\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBe(output);
  });

  it('says so when nothing changed', () => {
    const entries: never[] = [];
    expect(renderChangelog(entries, { baseRef: 'HEAD', newVersions: [] })).toBe('## API changes since `HEAD`\n\nNo changes to the OpenAPI or AsyncAPI documents since `HEAD`.\n');
  });
});

describe('breaking changes and the API versions that cover them', () => {
  const base = real();
  const head = real();
  // A response field removed (a version can render the old shape; customer.created and customer.updated
  // carry the Customer, so it is removed from their payloads too) and a request field made required (none can).
  inSchemas(head, 'Customer', (s) => {
    delete s.properties.phone;
    s.required = s.required.filter((f: string) => f !== 'phone');
  });
  inSchemas(head, 'CustomerUpdate', (s) => (s.required = ['name']));
  let entries: ReturnType<typeof changelogEntries> = [];
  beforeAll(() => {
    entries = changelogEntries(base, head);
  });
  const breakingLines = (registry: { version: string; downgrades: string[] }[]) =>
    renderChangelog(entries, { baseRef: 'main', newVersions: newVersionsSince(base.openapi, registry) })
      .split('\n')
      .filter((l) => l.startsWith('- **Breaking**'));

  it('a response break is covered by a version added since the base whose downgrade transforms that resource', () => {
    expect(breakingLines([{ version: '2027-03-01', downgrades: ['customer'] }, ...published])).toEqual([
      '- **Breaking** `CustomerUpdate.name`: made required (updateCustomer) — a request field made required: clients not sending it get 400; not covered by a new API version.',
      '- **Breaking** `Customer.phone`: removed (getCustomer, updateCustomer) — a response field removed: clients reading it break; covered by API version 2027-03-01 (its `customer` downgrade).',
      '- **Breaking** `Customer.phone`: removed (customer.created, customer.updated) — a payload field removed: receivers reading it break; covered by API version 2027-03-01 (its `customer` downgrade).',
    ]);
  });

  it('is not covered without such a version: none added, or one that transforms other resources', () => {
    const uncovered = [
      '- **Breaking** `CustomerUpdate.name`: made required (updateCustomer) — a request field made required: clients not sending it get 400; not covered by a new API version.',
      '- **Breaking** `Customer.phone`: removed (getCustomer, updateCustomer) — a response field removed: clients reading it break; not covered by a new API version.',
      '- **Breaking** `Customer.phone`: removed (customer.created, customer.updated) — a payload field removed: receivers reading it break; not covered by a new API version.',
    ];
    expect(breakingLines(published)).toEqual(uncovered);
    expect(breakingLines([{ version: '2027-03-01', downgrades: ['order'] }, ...published])).toEqual(uncovered);
  });

  it('names a break the gate accepts as reviewed (accepted-changes.yaml) with its reason, and only that one', () => {
    const accepted = new Map([['add /paths/~1v1~1customers~1{customer_id}/patch/requestBody/content/application~1json/schema/required/0', 'The server already required a name.']]);
    const lines = renderChangelog(changelogEntries(base, head, accepted), { baseRef: 'main', newVersions: [] }).split('\n');
    expect(lines.filter((l) => l.startsWith('- **Breaking**'))).toEqual([
      '- **Breaking** `CustomerUpdate.name`: made required (updateCustomer) — a request field made required: clients not sending it get 400; reviewed and accepted (specs/published/accepted-changes.yaml): The server already required a name.',
      '- **Breaking** `Customer.phone`: removed (getCustomer, updateCustomer) — a response field removed: clients reading it break; not covered by a new API version.',
      '- **Breaking** `Customer.phone`: removed (customer.created, customer.updated) — a payload field removed: receivers reading it break; not covered by a new API version.',
    ]);
    expect(lines).toContain('**3 breaking** (none covered by a new API version, 1 reviewed and accepted), 0 not breaking.');
  });

  it('only versions the base document did not know are new', () => {
    const registry = [{ version: '2027-03-01', downgrades: ['customer'] }, ...published];
    expect(newVersionsSince(base.openapi, registry)).toEqual([{ version: '2027-03-01', downgrades: ['customer'] }]);
    expect(newVersionsSince(base.openapi, published)).toEqual([]);
  });
});

describe('events, as their receivers read them', () => {
  /** A small AsyncAPI document: event types `thing.created` and `thing.deleted`, both carrying a thing. */
  const events = (): ApiDocuments => {
    const message = (type: string) => ({ name: type, summary: `A thing is ${type.split('.')[1]}.`, payload: { $ref: `#/components/schemas/${type === 'thing.created' ? 'ThingCreatedEvent' : 'ThingDeletedEvent'}` } });
    const envelope = (type: string) => ({ type: 'object', required: ['type', 'data'], properties: { type: { type: 'string', const: type }, data: { $ref: '#/components/schemas/Thing' } } });
    return {
      openapi: { openapi: '3.1.0', info: { title: 'api', version: '1' }, paths: {} },
      asyncapi: {
        asyncapi: '3.0.0',
        info: { title: 'events', version: '1' },
        channels: { hook: { address: '/', messages: { ThingCreated: { $ref: '#/components/messages/ThingCreated' }, ThingDeleted: { $ref: '#/components/messages/ThingDeleted' } } } },
        components: {
          messages: { ThingCreated: message('thing.created'), ThingDeleted: message('thing.deleted') },
          schemas: {
            ThingCreatedEvent: envelope('thing.created'),
            ThingDeletedEvent: envelope('thing.deleted'),
            Thing: { type: 'object', required: ['object', 'id', 'size'], properties: { object: { type: 'string', const: 'thing' }, id: { type: 'string' }, size: { type: 'integer' } } },
          },
        },
      },
    };
  };

  it('an event type or a payload field removed, or a type changed, breaks receivers; a field or an event type added does not', () => {
    const base = events();
    const head = events();
    const a = head.asyncapi as Doc;
    delete a.channels.hook.messages.ThingDeleted;
    a.components.schemas.Thing.properties.size = { type: 'string' };
    delete a.components.schemas.Thing.properties.id;
    a.components.schemas.Thing.required = ['object', 'size'];
    a.components.schemas.Thing.properties.colour = { type: 'string', enum: ['red', 'blue'] };
    a.components.messages.ThingCreated.deprecated = true;
    expect(specChangelog(base, head, { baseRef: 'v1', registry: [] })).toBe(`## API changes since \`v1\`

**3 breaking** (none covered by a new API version), 2 not breaking.

### Event types

- **Breaking** Event type removed: \`thing.deleted\` (ThingDeleted): A thing is deleted. — an event type removed: receivers waiting for it never get it; not covered by a new API version.

### Event payloads

- **Breaking** \`Thing.id\`: removed (thing.created) — a payload field removed: receivers reading it break; not covered by a new API version.
- **Breaking** \`Thing.size\`: type \`integer\` → \`string\` (thing.created) — a payload field's type changed: receivers parsing it break; not covered by a new API version.
- \`Thing.colour\`: added, string, one of \`red\`, \`blue\` (thing.created)

### Deprecated

- Event type \`thing.created\` (ThingCreated): deprecated
`);
  });

  it("a payload's resource is covered like a response's, by a new version's downgrade of it", () => {
    const base = events();
    const head = events();
    delete (head.asyncapi as Doc).components.schemas.Thing.properties.id;
    const entries = changelogEntries(base, head);
    const text = renderChangelog(entries, { baseRef: 'v1', newVersions: [{ version: '2027-01-01', downgrades: ['thing'] }], eventTypes: 2 });
    expect(text).toContain('- **Breaking** `Thing.id`: removed (all 2 event types) — a payload field removed: receivers reading it break; covered by API version 2027-01-01 (its `thing` downgrade).');
  });
});

describe('a schema written another way is not a change', () => {
  const api = (note: Doc, name: Doc): Doc => ({
    openapi: '3.1.0',
    info: { title: 'api', version: '1' },
    paths: { '/things': { post: { operationId: 'createThing', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingCreate' } } } }, responses: { '200': { description: 'Created.' } } } } },
    components: { schemas: { Text: { type: 'string', pattern: '^[^\\u0000]*$' }, ThingCreate: { type: 'object', properties: { note, name } } } },
  });
  const asyncapi = { asyncapi: '3.0.0', info: { title: 'events', version: '1' }, channels: {}, components: { messages: {}, schemas: {} } };

  it('null as a type or as an alternative, a type beside an allOf or inside it: the diff reports them, the changelog does not', () => {
    const base = { openapi: api({ type: ['string', 'null'] }, { type: 'string', pattern: '^[^\\u0000]*$' }), asyncapi };
    const head = { openapi: api({ oneOf: [{ type: 'string' }, { type: 'null' }] }, { type: 'string', allOf: [{ $ref: '#/components/schemas/Text' }] }), asyncapi };
    expect(specChangelog(base, head, { baseRef: 'v1', registry: [] })).toBe('## API changes since `v1`\n\nNo changes to the OpenAPI or AsyncAPI documents since `v1`.\n');
    // ...while a real change to the same fields is one.
    const changed = { openapi: api({ type: 'string' }, { type: 'integer' }), asyncapi };
    expect(specChangelog(base, changed, { baseRef: 'v1', registry: [] }).split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- **Breaking** `ThingCreate.name`: type `string` → `integer`; pattern `^[^\\u0000]*$` removed (createThing) — a request field\'s type narrowed: clients sending the old type get 400; not covered by a new API version.',
      '- **Breaking** `ThingCreate.note`: no longer nullable (createThing) — a request field\'s type narrowed: clients sending the old type get 400; not covered by a new API version.',
    ]);
  });
});

describe('npm run spec:changelog -- <base-ref>', () => {
  const script = path.resolve('scripts/spec/changelog.ts');
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  let repo = '';
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe' });
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', tsx, script, ...args], { cwd: repo, encoding: 'utf8' });
  const docs = real(['/v1/carriers']);
  const write = (openapi: Doc) => writeFileSync(path.join(repo, 'generated', 'openapi.json'), JSON.stringify(openapi, null, 2));

  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'spec-changelog-'));
    mkdirSync(path.join(repo, 'generated'));
    mkdirSync(path.join(repo, 'specs'));
    write(docs.openapi);
    writeFileSync(path.join(repo, 'generated', 'asyncapi.json'), JSON.stringify(docs.asyncapi, null, 2));
    writeFileSync(path.join(repo, 'specs', 'openapi.yaml'), 'openapi: 3.1.0\n');
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('prints that nothing changed when the working tree has the documents of the ref', () => {
    const result = run('HEAD');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('## API changes since `HEAD`\n\nNo changes to the OpenAPI or AsyncAPI documents since `HEAD`.\n');
  });

  it("compares the ref's documents with the working tree's", () => {
    const changed = structuredClone(docs.openapi) as Doc;
    delete changed.paths['/v1/carriers'].get;
    write(changed);
    try {
      const result = run('HEAD');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(
        '- **Breaking** Operation removed: `GET /v1/carriers` (listCarriers): List carriers — an operation removed: clients calling it get 404; not covered by a new API version.',
      );
    } finally {
      write(docs.openapi);
    }
  });

  it('notes a spec changed since the ref whose generated document did not (generate was not run)', () => {
    writeFileSync(path.join(repo, 'specs', 'openapi.yaml'), 'openapi: 3.1.0\ninfo: {}\n');
    try {
      const result = run('HEAD');
      expect(result.stdout).toContain(
        '> specs/ changed since `HEAD` but generated/openapi.json and generated/asyncapi.json did not: run `npm run generate` first (this compares the generated documents).',
      );
    } finally {
      git('checkout', '--', 'specs/openapi.yaml');
    }
  });

  it('exits 2 with a clear error for a ref the repository does not have, or none', () => {
    const unknown = run('no-such-branch');
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Unknown git ref no-such-branch');
    const none = run();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('usage: npm run spec:changelog -- <base-ref>');
  });
});
