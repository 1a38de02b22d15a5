// The house rules (scripts/spec/house-rules.ts): a small document that keeps every rule passes, and for
// each rule a fixture (the same document broken in one way) makes that rule fire.
import { describe, expect, it } from 'vitest';
import { applyExceptions, houseViolations } from '../../scripts/spec/house-lint.js';
import { ruleset } from '../../scripts/spec/house-rules.js';

type Json = Record<string, any>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const HEADERS = { 'X-RateLimit-Limit': header('X-RateLimit-Limit') };

/** A document that follows every rule: a widget resource, its list, create, update, an action and a PDF. */
function good(): Json {
  const ok = (schema: string, extra: Json = {}) => ({
    description: 'OK.',
    headers: { ...HEADERS, ...extra },
    content: { 'application/json': { schema: ref(schema) } },
  });
  const common = { '429': { description: 'Too many requests.' } };
  const idKey = { $ref: '#/components/parameters/IdempotencyKey' };
  const widgetId = { name: 'widget_id', in: 'path', required: true, description: 'The widget.', schema: ref('WidgetId') };
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/v1/widgets': {
        post: {
          operationId: 'createWidget', description: 'Creates a widget.', parameters: [idKey],
          responses: { '201': ok('Widget', { Location: header('Location'), 'Idempotent-Replayed': header('Idempotent-Replayed') }), ...common },
        },
        get: {
          operationId: 'listWidgets', description: 'Newest first.',
          parameters: [
            { $ref: '#/components/parameters/Limit' },
            { $ref: '#/components/parameters/IncludeTotalCount' },
            { name: 'cursor', in: 'query', description: 'Where the page starts.', schema: ref('WidgetId') },
            { name: 'made_date', in: 'query', description: 'Made on this day.', schema: ref('CalendarDate') },
          ],
          responses: { '200': ok('WidgetList'), ...common },
        },
      },
      '/v1/widgets/{widget_id}': {
        parameters: [widgetId],
        patch: { operationId: 'updateWidget', description: 'Changes a widget.', responses: { '200': ok('Widget'), ...common } },
        delete: { operationId: 'deleteWidget', description: 'Deletes a widget.', responses: { '200': ok('DeletedWidget'), ...common } },
      },
      '/v1/widgets/{widget_id}/polish': {
        parameters: [widgetId],
        post: {
          operationId: 'polishWidget', description: 'Polishes a widget.', parameters: [idKey],
          responses: { '200': ok('Widget', { 'Idempotent-Replayed': header('Idempotent-Replayed') }), ...common },
        },
      },
      '/v1/widgets/{widget_id}.pdf': {
        parameters: [widgetId],
        get: { operationId: 'getWidgetPdf', description: 'The widget as a PDF.', responses: { '200': { description: 'The PDF.', headers: HEADERS, content: { 'application/pdf': { schema: { type: 'string' } } } }, ...common } },
      },
    },
    components: {
      parameters: {
        IdempotencyKey: { name: 'Idempotency-Key', in: 'header', description: 'Makes the POST safe to retry.', schema: { type: 'string' } },
        Limit: { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', default: 20 } },
        IncludeTotalCount: { name: 'include[]', in: 'query', description: 'Extra fields.', schema: { type: 'array', items: { type: 'string' } } },
      },
      headers: {
        Location: { description: 'Where it is.', schema: { type: 'string' } },
        'Idempotent-Replayed': { description: 'A replayed answer.', schema: { type: 'string' } },
        'X-RateLimit-Limit': { description: 'The burst.', schema: { type: 'integer' } },
      },
      schemas: {
        UnixTime: { type: 'integer', description: 'Unix seconds.' },
        CalendarDate: { type: 'string', format: 'date', description: 'YYYY-MM-DD.' },
        Metadata: { type: 'object', description: 'Your own keys.', additionalProperties: { type: 'string' } },
        Livemode: { type: 'boolean', description: 'Live or test.' },
        WidgetId: { type: 'string', description: 'A widget id.' },
        Widget: {
          type: 'object', description: 'A widget.',
          properties: {
            object: { type: 'string', const: 'widget', description: 'Always `widget`.' },
            id: ref('WidgetId'),
            livemode: ref('Livemode'),
            created: ref('UnixTime'),
            updated: ref('UnixTime'),
            status: { type: 'string', description: 'Where it is.' },
            metadata: ref('Metadata'),
            made_date: ref('CalendarDate'),
            polished_at: { description: 'When it was polished.', oneOf: [ref('UnixTime'), { type: 'null' }] },
            parent_widget_id: { description: 'Its parent.', oneOf: [ref('WidgetId'), { type: 'null' }] },
          },
        },
        DeletedWidget: {
          type: 'object', description: 'A deleted widget.',
          properties: { object: { type: 'string', const: 'widget', description: 'Always `widget`.' }, id: ref('WidgetId'), deleted: { type: 'boolean', const: true, description: 'Always true.' }, livemode: ref('Livemode') },
        },
        WidgetList: {
          type: 'object', description: 'A page of widgets.',
          properties: {
            object: { type: 'string', const: 'list', description: 'Always `list`.' },
            data: { type: 'array', description: 'The widgets.', items: ref('Widget') },
            has_more: { type: 'boolean', description: 'More after this page.' },
            next_cursor: { description: 'The next page.', oneOf: [ref('WidgetId'), { type: 'null' }] },
            total_count: { type: 'integer', description: 'How many.' },
          },
        },
        WidgetName: { description: 'A refined name.', allOf: [{ type: 'string' }], maxLength: 10 },
      },
    },
  };
}

const widget = (d: Json) => d.components.schemas.Widget.properties;
const op = (d: Json, path: string, method: string) => d.paths[path][method];

/** Each rule's fixture: the good document broken in one way that rule forbids. */
const FIXTURES: Record<string, Array<[string, (d: Json) => void]>> = {
  'house-create-201': [
    ['a create answering 200', (d) => { const o = op(d, '/v1/widgets', 'post'); o.responses['200'] = o.responses['201']; delete o.responses['201']; }],
    ['a 201 without Location', (d) => { delete op(d, '/v1/widgets', 'post').responses['201'].headers.Location; }],
  ],
  'house-action-200': [
    ['an action answering 201', (d) => { const o = op(d, '/v1/widgets/{widget_id}/polish', 'post'); o.responses['201'] = o.responses['200']; delete o.responses['200']; }],
  ],
  'house-unix-times': [
    ['an inline integer time', (d) => { widget(d).shipped_at = { type: 'integer', description: 'When.' }; }],
    ['a time as an ISO string', (d) => { widget(d).updated = { type: 'string', format: 'date-time', description: 'When.' }; }],
    ['a time query parameter as a string', (d) => { op(d, '/v1/widgets', 'get').parameters.push({ name: 'created', in: 'query', description: 'When.', schema: { type: 'string' } }); }],
  ],
  'house-calendar-dates': [
    ['a bare date string', (d) => { widget(d).made_date = { type: 'string', format: 'date', description: 'The day.' }; }],
    ['the `_on` suffix', (d) => { widget(d).expires_on = ref('CalendarDate'); }],
  ],
  'house-one-meaning-per-name': [
    ['`created` as a count', (d) => { d.components.schemas.WidgetFigures = { type: 'object', description: 'Counts.', properties: { created: { type: 'integer', description: 'How many.' } } }; }],
  ],
  'house-resource-fields': [
    ['a resource without livemode', (d) => { delete widget(d).livemode; }],
    ['a changing resource without updated', (d) => { delete widget(d).updated; }],
    ['a deleted object without livemode', (d) => { delete d.components.schemas.DeletedWidget.properties.livemode; }],
  ],
  'house-metadata': [
    ['a tagged resource without metadata', (d) => { widget(d).object.const = 'invoice'; delete widget(d).metadata; }],
  ],
  'house-list-shape': [
    ['a list without has_more', (d) => { delete d.components.schemas.WidgetList.properties.has_more; }],
    ['a list with a url', (d) => { d.components.schemas.WidgetList.properties.url = { type: 'string', description: 'The list.' }; }],
  ],
  'house-list-operations': [
    ['a list without total_count', (d) => { op(d, '/v1/widgets', 'get').parameters.splice(1, 1); }],
    ['a list without Limit', (d) => { op(d, '/v1/widgets', 'get').parameters.splice(0, 1); }],
    ['a cursor that is no id', (d) => { op(d, '/v1/widgets', 'get').parameters[2].schema = { type: 'string' }; }],
    ['an action answering a list', (d) => { op(d, '/v1/widgets/{widget_id}/polish', 'post').responses['200'].content['application/json'].schema = ref('WidgetList'); }],
  ],
  'house-idempotent-replayed': [
    ['an idempotent POST without Idempotent-Replayed', (d) => { delete op(d, '/v1/widgets/{widget_id}/polish', 'post').responses['200'].headers['Idempotent-Replayed']; }],
  ],
  'house-idempotency-key': [
    ['a POST without Idempotency-Key', (d) => { op(d, '/v1/widgets/{widget_id}/polish', 'post').parameters = []; }],
  ],
  'house-rate-limit-429': [
    ['a rate-limited route without 429', (d) => { delete op(d, '/v1/widgets', 'get').responses['429']; }],
  ],
  'house-descriptions': [
    ['an operation without description', (d) => { delete op(d, '/v1/widgets', 'get').description; }],
    ['a parameter without description', (d) => { delete d.components.parameters.Limit.description; }],
    ['a property without description', (d) => { delete widget(d).status.description; }],
  ],
  'house-nullability': [
    ['a `type` array', (d) => { widget(d).note = { type: ['string', 'null'], description: 'A note.' }; }],
    ['`nullable`', (d) => { widget(d).note = { type: 'string', nullable: true, description: 'A note.' }; }],
  ],
  'house-no-allof-wrappers': [
    ['an allOf that only annotates', (d) => { widget(d).made_date = { description: 'The day.', allOf: [ref('CalendarDate')] }; }],
  ],
  'house-id-names': [
    ['an id named otherwise than its path parameter', (d) => { widget(d).sibling_id = { description: 'x', oneOf: [ref('WidgetId'), { type: 'null' }] }; widget(d).endpoint_id = ref('WidgetId'); }],
  ],
  'house-pdf-paths': [
    ['a PDF under a /pdf segment', (d) => { d.paths['/v1/widgets/{widget_id}/pdf'] = d.paths['/v1/widgets/{widget_id}.pdf']; delete d.paths['/v1/widgets/{widget_id}.pdf']; }],
  ],
};

describe('the house rules', () => {
  it('pass a document that keeps them', async () => {
    expect(await houseViolations(good())).toEqual([]);
  });

  it('each have a fixture', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(ruleset.rules).sort());
  });

  for (const [rule, fixtures] of Object.entries(FIXTURES)) {
    for (const [name, breakIt] of fixtures) {
      it(`${rule} fires on ${name}`, async () => {
        const doc = good();
        breakIt(doc);
        const rules = (await houseViolations(doc)).map((v) => v.rule);
        expect(rules).toContain(rule);
      });
    }
  }

  it('fire on an AsyncAPI payload property without a description', async () => {
    const doc = {
      asyncapi: '3.0.0', info: { title: 't', version: '1' },
      operations: { receive: { action: 'receive', description: 'Receives.' } },
      components: { messages: { m: { summary: 'A message.' } }, schemas: { P: { type: 'object', properties: { x: { type: 'string' } } } } },
    };
    expect(await houseViolations(doc)).toEqual([expect.objectContaining({ rule: 'house-descriptions', path: 'components/schemas/P/properties/x' })]);
  });

  it('let an exception through only for its rule, its path (or below) and its documents', () => {
    const v = { rule: 'house-metadata', path: 'components/schemas/Invoice/properties', message: '' };
    const e = { rule: 'house-metadata', path: 'components/schemas/Invoice', reason: 'r', documents: 'openapi' };
    expect(applyExceptions([v], 'generated/openapi.json', [e]).left).toEqual([]);
    expect(applyExceptions([v], 'generated/asyncapi.json', [e]).left).toEqual([v]);
    expect(applyExceptions([{ ...v, rule: 'house-descriptions' }], 'generated/openapi.json', [e]).left).toHaveLength(1);
    expect(applyExceptions([{ ...v, path: 'components/schemas/InvoiceList' }], 'generated/openapi.json', [e]).left).toHaveLength(1);
    expect([...applyExceptions([v], 'generated/openapi.json', [e]).used]).toEqual([e]);
  });
});
