// The conformance table cannot drift: STATEMENTS.md is exactly what statements.ts renders, every
// statement that is neither a choice nor pending has its test in conformance.test.ts (and no test
// names a statement that is not listed), and every choice names documents that exist.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTable, SCHEMA_LESS_RULES, STATEMENTS } from './statements.js';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.resolve(HERE, '../..');
const suite = readFileSync(path.join(HERE, 'conformance.test.ts'), 'utf8');
const tested = new Set([...suite.matchAll(/it\(`([A-Z]+\d+): /g)].map((m) => m[1]!));

describe('the conformance table', () => {
  it('has unique ids', () => {
    expect(new Set(STATEMENTS.map((s) => s.id)).size).toBe(STATEMENTS.length);
  });
  it('gives every statement a test, a documented choice or a pending reason', () => {
    for (const s of STATEMENTS) {
      if (s.choice || s.pending) expect(tested.has(s.id), `${s.id} is a choice or pending but also has a test`).toBe(false);
      else expect(tested.has(s.id), `${s.id} has no test in conformance.test.ts`).toBe(true);
    }
    for (const id of tested) expect(STATEMENTS.map((s) => s.id), `test ${id} names no statement`).toContain(id);
  });
  it('answers every "not shown" with a choice (or pending, with the reason)', () => {
    for (const s of STATEMENTS.filter((s) => s.text.includes('not shown'))) expect(s.choice ?? s.pending, s.id).toBeDefined();
  });
  it('points every choice at documents that exist', () => {
    for (const s of STATEMENTS.filter((s) => s.choice)) {
      const files = [...s.choice!.where.matchAll(/[\w./-]+\.(?:md|ts|yaml)\b/g)].map((m) => m[0]);
      for (const f of files) expect(existsSync(path.join(ROOT, f)), `${s.id}: ${f}`).toBe(true);
    }
  });
  it("lists the rules the schema cannot state as the OpenAPI document's description does, each with its test", () => {
    const doc = JSON.parse(readFileSync(path.join(ROOT, 'generated/openapi.json'), 'utf8')) as { info: { description: string } };
    const section = doc.info.description.split('**Rules the schema cannot state**')[1]?.split('\n* ')[0] ?? '';
    const items = [...section.matchAll(/^\s+\d+\. ([\s\S]*?)(?=^\s+\d+\. |^\s*$)/gm)].map((m) => m[1]!.replace(/\s+/g, ' '));
    expect(items).toHaveLength(SCHEMA_LESS_RULES.length);
    SCHEMA_LESS_RULES.forEach((r, i) => {
      for (const code of r.code.split(', ')) expect(items[i], `rule ${i + 1} names ${code}`).toContain(`\`${code}\``);
      const [file, name] = r.test.split(' > ') as [string, string];
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      // The named test exists, and its body asserts the rule's error code.
      const at = source.indexOf(`it('${name.replace(/'/g, "\\'")}'`);
      expect(at, `${file} has the test '${name}'`).toBeGreaterThan(-1);
      const indent = source.slice(source.lastIndexOf('\n', at) + 1, at);
      const end = source.indexOf(`\n${indent}});`, at);
      expect(end).toBeGreaterThan(at);
      const body = source.slice(at, end);
      for (const code of r.code.split(', ')) expect(body, `${r.test} asserts ${code}`).toContain(code);
    });
  });
  it('lets exactly the operations of those rules answer 400 to schema-valid requests in the Schemathesis run', () => {
    const doc = JSON.parse(readFileSync(path.join(ROOT, 'generated/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const byPath = (regex: RegExp) => Object.entries(doc.paths).filter(([p]) => regex.test(p)).flatMap(([, item]) => Object.values(item).flatMap((op) => (op.operationId ? [op.operationId] : [])));
    const toml = readFileSync(path.join(ROOT, 'contract-tests/schemathesis.toml'), 'utf8');
    const allowed400 = toml
      .split('[[operations]]')
      .slice(1)
      .filter((block) => /positive_data_acceptance\.expected-statuses = \[[^\]]*"400"/.test(block))
      .flatMap((block) => {
        const ids = /include-operation-id = \[([^\]]*)\]/.exec(block)?.[1];
        const regex = /include-path-regex = "([^"]*)"/.exec(block)?.[1];
        return ids ? [...ids.matchAll(/"(\w+)"/g)].map((m) => m[1]!) : regex ? byPath(new RegExp(regex)) : [];
      });
    expect(allowed400.length).toBeGreaterThan(0);
    expect([...new Set(allowed400)].sort()).toEqual([...new Set(SCHEMA_LESS_RULES.flatMap((r) => r.operations))].sort());
  });
  it('is what STATEMENTS.md holds (UPDATE_STATEMENTS=1 rewrites it)', () => {
    const file = path.join(HERE, 'STATEMENTS.md');
    const table = renderTable(tested);
    if (process.env.UPDATE_STATEMENTS) writeFileSync(file, table);
    expect(readFileSync(file, 'utf8')).toBe(table);
  });
});
