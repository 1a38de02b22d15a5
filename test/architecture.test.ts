// Imports go downward only. Layers, lowest first: shared (plumbing, nothing above it), jobs (the
// leased work loop), the domains, db (which registers the domains' entities), http (the pipeline),
// and the process entry points. A file may import its own layer and the layers below it, and
// `generated/`; a domain never imports the pipeline.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');
const LAYERS = ['generated', 'shared', 'jobs', 'domain', 'db', 'http', 'app'] as const;
type Layer = (typeof LAYERS)[number];

function layerOf(file: string): Layer | 'outside' {
  const rel = relative(resolve('.'), file).replace(/\\/g, '/');
  if (rel.startsWith('generated/')) return 'generated';
  if (!rel.startsWith('src/')) return 'outside';
  const top = rel.split('/')[1]!;
  if (top === 'shared' || top === 'jobs' || top === 'db' || top === 'http') return top;
  if (top.endsWith('.ts')) return 'app'; // main.ts, server.ts, config.ts
  return 'domain';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative module specifiers of every static, type-only, re-export and dynamic import. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g),
    ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g),
  ];
  return found.map((m) => m[1]!).filter((s) => s.startsWith('.'));
}

const edges = sourceFiles(SRC).flatMap((file) =>
  importsOf(file).map((spec) => ({ file, target: resolve(dirname(file), spec.replace(/\.js$/, '.ts')) })),
);

describe('the import graph of src/', () => {
  it('finds the imports it checks (the parser sees every layer)', () => {
    const seen = new Set(edges.map((e) => `${layerOf(e.file)}->${layerOf(e.target)}`));
    for (const pair of ['domain->shared', 'domain->generated', 'http->domain', 'db->domain', 'jobs->shared', 'app->http']) expect(seen).toContain(pair);
  });

  it('goes downward only: no file imports a layer above its own', () => {
    const upward = edges
      .filter((e) => {
        const from = layerOf(e.file);
        const to = layerOf(e.target);
        return from !== 'outside' && to !== 'outside' && LAYERS.indexOf(to) > LAYERS.indexOf(from);
      })
      .map((e) => `${relative(SRC, e.file)} imports ${relative(resolve('.'), e.target)}`);
    expect(upward).toEqual([]);
  });

  it('never imports from outside src/ and generated/ (tests and scripts depend on src, not the reverse)', () => {
    const outside = edges.filter((e) => layerOf(e.target) === 'outside').map((e) => `${relative(SRC, e.file)} imports ${e.target}`);
    expect(outside).toEqual([]);
  });
});
