/**
 * Runs the house rules (scripts/spec/house-rules.ts) on bundled documents with Spectral's engine, and
 * applies the reviewed exceptions. Used by `npm run lint:specs` and the rules' fixture tests.
 */
import spectralCore from '@stoplight/spectral-core';
const { Document, Spectral } = spectralCore;
import parsers from '@stoplight/spectral-parsers';
const JsonParser = parsers.Json;
import { EXCEPTIONS, ruleset, type Exception } from './house-rules.js';

export interface Violation { rule: string; path: string; message: string }

/** Every violation of the house rules in one document (given as parsed JSON), exceptions not applied. */
export async function houseViolations(doc: unknown, source = 'document.json'): Promise<Violation[]> {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new Document(JSON.stringify(doc), JsonParser, source));
  return results
    .map((r) => ({ rule: String(r.code), path: r.path.map(String).join('/'), message: r.message }))
    .sort((a, b) => a.rule.localeCompare(b.rule) || a.path.localeCompare(b.path));
}

const covers = (e: Exception, v: Violation, file: string) =>
  e.rule === v.rule && (v.path === e.path || v.path.startsWith(`${e.path}/`)) && (e.documents === undefined || file.includes(e.documents));

/** The violations no exception covers, and the exceptions that covered something. */
export function applyExceptions(violations: Violation[], file: string, exceptions: readonly Exception[] = EXCEPTIONS) {
  const used = new Set<Exception>();
  const left = violations.filter((v) => {
    const e = exceptions.find((x) => covers(x, v, file));
    if (e) used.add(e);
    return !e;
  });
  return { left, used };
}
