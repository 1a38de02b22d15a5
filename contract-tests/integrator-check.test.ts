// The judge of the integrator's Schemathesis run: only the listed schema-less rules may be found.
import { describe, expect, it } from 'vitest';
import { outsideSchema, pathParameters, readJunit, unexplained } from './integrator-check.js';

const failure = (body: string, message = 'ST202') => `<failure type="failure" message="${message}">1. Test Case ID: x\n\n- ST202 Schema-valid request rejected\n\n${body}</failure>`;
const junit = (cases: [string, string?][]) =>
  `<?xml version="1.0"?><testsuites><testsuite name="schemathesis">${cases.map(([name, inner]) => (inner ? `<testcase name="${name}">${inner}</testcase>` : `<testcase name="${name}" />`)).join('')}</testsuite></testsuites>`;
const error = (code: string) => `[400] Bad Request:\n\n    \`{"error":{"type":"validation_error","code":"${code}","message":"m","param":"to"}}\``;
const rules = [
  { label: 'GET /v1/reports/margin', path: /^\/v1\/reports\/margin(?:\?|$)/, codes: ['invalid_value'] },
  { label: 'PATCH /v1/orders/{order_id}', path: /^\/v1\/orders\/[^/?]+(?:\?|$)/, codes: ['invalid_vin', 'invalid_value'] },
];

describe('the integrator run judge', () => {
  it('reads every testcase and every numbered case of a failure', () => {
    const two = `<failure type="failure" message="ST202">1. Test Case ID: a\n\n${error('invalid_value')}\n2. Test Case ID: b\n\n${error('invalid_vin')}</failure>`;
    const { testcases, findings } = readJunit(junit([['GET /healthz'], ['PATCH /v1/orders/{order_id}', two]]));
    expect(testcases).toEqual(['GET /healthz', 'PATCH /v1/orders/{order_id}']);
    expect(findings.map((f) => /"code":"(\w+)"/.exec(f.text)?.[1])).toEqual(['invalid_value', 'invalid_vin']);
  });

  it('lets a listed rule through, on its operation and with its code, and nothing else', () => {
    const judge = (name: string, inner: string) => unexplained(readJunit(junit([[name, inner]])).findings[0]!, rules);
    expect(judge('GET /v1/reports/margin', failure(error('invalid_value')))).toBeUndefined();
    expect(judge('GET /v1/reports/margin', failure(error('invalid_format')))).toMatch(/answered invalid_format/);
    expect(judge('POST /v1/customers', failure(error('invalid_value')))).toMatch(/no rule the document lists/);
    expect(judge('GET /v1/reports/margin', failure(error('invalid_value'), 'ST201'))).toMatch(/only "schema-valid request rejected"/);
    expect(judge('GET /v1/reports/margin', '<error type="error" message="boom">Traceback</error>')).toMatch(/^error/);
  });

  it('judges a stateful finding by its last request', () => {
    const curl = (method: string, url: string) => `    curl -X ${method} -H 'Authorization: [Filtered]' '${url}'`;
    const stateful = (last: string) => failure(`${error('invalid_value')}\n\nReproduce with:\n\n${curl('POST', 'http://127.0.0.1:1/v1/orders')}\n${last}`);
    const judge = (inner: string) => unexplained(readJunit(junit([['Stateful tests', inner]])).findings[0]!, rules);
    expect(judge(stateful(curl('PATCH', 'http://127.0.0.1:1/v1/orders/ord_1')))).toBeUndefined();
    expect(judge(stateful(curl('PATCH', 'http://127.0.0.1:1/v1/customers/cus_1')))).toMatch(/no rule/);
  });

  it("tells a stateful request outside the schema (a path value from a link that breaks its parameter's pattern) from a schema-valid one", () => {
    const doc = {
      paths: {
        '/v1/carriers/{carrier_id}': { parameters: [{ $ref: '#/components/parameters/CarrierIdPath' }], patch: {}, get: {} },
        '/v1/orders/{order_id}/notes/{n}': { post: { parameters: [{ name: 'order_id', in: 'path', schema: { type: 'string', pattern: '^ord_[0-9]+$' } }, { name: 'n', in: 'path', schema: { type: 'integer' } }] } },
      },
      components: {
        parameters: { CarrierIdPath: { name: 'carrier_id', in: 'path', schema: { $ref: '#/components/schemas/CarrierId' } } },
        schemas: { CarrierId: { type: 'string', pattern: '^car_[0-9A-HJKMNP-TV-Z]{26}$' } },
      },
    };
    const operations = pathParameters(doc);
    const curl = (method: string, url: string) => `    curl -X ${method} -H 'Authorization: [Filtered]' ${url}`;
    const finding = (testcase: string, last: string) => readJunit(junit([[testcase, failure(`${error('invalid_format')}\n\nReproduce with:\n\n${curl('GET', 'http://127.0.0.1:1/v1/orders')}\n${last}`)]])).findings[0]!;
    expect(outsideSchema(finding('Stateful tests', curl('PATCH', 'http://127.0.0.1:1/v1/carriers/None')), operations)).toBe(
      'PATCH /v1/carriers/None: carrier_id "None" is outside its parameter\'s pattern (a link\'s value)',
    );
    expect(outsideSchema(finding('Stateful tests', curl('PATCH', 'http://127.0.0.1:1/v1/carriers/car_01JF3QC4D6F8H0J2K4M6N8P0Q2')), operations)).toBeUndefined();
    expect(outsideSchema(finding('Stateful tests', curl('POST', 'http://127.0.0.1:1/v1/orders/ord_12/notes/x')), operations)).toBeUndefined();
    expect(outsideSchema(finding('Stateful tests', curl('POST', 'http://127.0.0.1:1/v1/orders/None/notes/1')), operations)).toMatch(/^POST .*order_id "None"/);
    // Another method on the path, and a finding of a single operation, are not judged so.
    expect(outsideSchema(finding('Stateful tests', curl('DELETE', 'http://127.0.0.1:1/v1/carriers/None')), operations)).toBeUndefined();
    expect(outsideSchema(finding('PATCH /v1/carriers/{carrier_id}', curl('PATCH', 'http://127.0.0.1:1/v1/carriers/None')), operations)).toBeUndefined();
  });
});
