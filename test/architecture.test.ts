// The structure of src/, as its imports draw it: layers, lowest first, each importing only its own
// layer and those below it; no import circle between files; test mode reached only from the
// composition root. The checker (test/support/import-graph.ts) is tested below on fixtures of its own.
// The same table, in words, is in CONTRIBUTING.md ("Layers").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph, layerIndex, specifiersOf, upwardImports, type ImportGraph, type Layer } from './support/import-graph.js';

const DOMAINS = ['account', 'accounting', 'audit', 'auth', 'carriers', 'customers', 'documents', 'mail', 'orders', 'platform', 'reports', 'users', 'webhooks'];

/** The layers of src/, lowest first. */
const LAYERS: readonly Layer[] = [
  // The types derived from the specs (npm run generate).
  { name: 'generated', paths: ['generated/'] },
  // Plumbing every layer may use: errors, context, finders, pagination, versions, ids, the Clock interface.
  { name: 'shared', paths: ['src/shared/'] },
  // What the domains stand on: the leased work queue and the clock an object lives on (real or a test clock's).
  { name: 'floor', paths: ['src/jobs/', 'src/clocks/'] },
  // The product's domains; they may import each other (never in a circle of files).
  { name: 'domains', paths: DOMAINS.map((d) => `src/${d}/`) },
  // Test mode: test clocks and their advance, test data; built on the domains.
  { name: 'test mode', paths: ['src/test-helpers/'] },
  // The database: every domain's entities, the migrations, the reactions (src/db/orm.ts).
  { name: 'database', paths: ['src/db/'] },
  // The request pipeline, and every operation's handler (src/http/app.ts).
  { name: 'pipeline', paths: ['src/http/'] },
  // The processes: the roles (server.ts, main.ts), the settings, the CLIs.
  { name: 'processes', paths: ['src/*.ts'] },
];

/** The files that put the product together, the only ones outside test mode that import it. */
const COMPOSITION_ROOT = ['src/db/orm.ts', 'src/http/app.ts', 'src/server.ts'];

const graph = importGraph(resolve('.'), 'src');
const edges = [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target })));

describe('the import graph of src/', () => {
  it('finds the imports it checks (the parser sees every layer)', () => {
    const name = (file: string) => LAYERS[layerIndex(LAYERS, file)]?.name;
    const seen = new Set(edges.map((e) => `${name(e.file)} -> ${name(e.target)}`));
    for (const pair of ['domains -> shared', 'domains -> generated', 'domains -> floor', 'test mode -> domains', 'database -> test mode', 'pipeline -> domains', 'processes -> pipeline']) {
      expect(seen).toContain(pair);
    }
    expect(graph.size).toBeGreaterThan(150);
  });

  it('places every file of src/ in a layer (a new folder is added to the table)', () => {
    expect([...graph.keys()].filter((file) => layerIndex(LAYERS, file) === -1)).toEqual([]);
  });

  it('goes downward only: no file imports a layer above its own', () => {
    expect(upwardImports(graph, LAYERS)).toEqual([]);
  });

  it('has no import circle between files', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('reaches test mode only from test mode and the composition root', () => {
    const reaching = edges.filter((e) => e.target.startsWith('src/test-helpers/') && !e.file.startsWith('src/test-helpers/') && !COMPOSITION_ROOT.includes(e.file));
    expect(reaching.map((e) => `${e.file} imports ${e.target}`)).toEqual([]);
    for (const file of COMPOSITION_ROOT) expect(graph.has(file)).toBe(true);
  });

  it('never imports from outside src/ and generated/ (tests and scripts depend on src, not the reverse)', () => {
    const outside = edges.filter((e) => !e.target.startsWith('src/') && !e.target.startsWith('generated/'));
    expect(outside.map((e) => `${e.file} imports ${e.target}`)).toEqual([]);
  });
});

describe('the checker', () => {
  it('reads static, type-only, re-exported, side-effect and dynamic imports, not commented ones', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      'import {',
      '  c,',
      "  type C,",
      "} from './c.js';",
      "export { d } from './d.js';",
      "export * from './e.js';",
      "import './f.js';",
      "const g = await import('./g.js');",
      "// import { h } from './h.js';",
      "const text = \"import { i } from './i.js'\";",
      "import { Koa } from 'koa';",
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js', 'koa']);
  });

  const layers: Layer[] = [
    { name: 'low', paths: ['src/low/'] },
    { name: 'middle', paths: ['src/one/', 'src/two/'] },
    { name: 'top', paths: ['src/*.ts'] },
  ];

  it('places files by folder, and `src/*.ts` as the files directly in src/', () => {
    expect(['src/low/x.ts', 'src/two/deep/y.ts', 'src/main.ts', 'src/other/z.ts', 'src/lowly/x.ts'].map((f) => layerIndex(layers, f))).toEqual([0, 1, 2, -1, -1]);
  });

  it('reports an import from a lower layer to a higher one, and no other', () => {
    const fixture: ImportGraph = new Map([
      ['src/low/x.ts', ['src/one/y.ts', 'src/low/w.ts']],
      ['src/low/w.ts', []],
      ['src/one/y.ts', ['src/two/z.ts', 'src/low/x.ts']],
      ['src/two/z.ts', ['src/main.ts']],
      ['src/main.ts', ['src/one/y.ts', 'src/low/w.ts']],
    ]);
    expect(upwardImports(fixture, layers)).toEqual(['src/low/x.ts (low) imports src/one/y.ts (middle)', 'src/two/z.ts (middle) imports src/main.ts (top)']);
  });

  it('reports each circle once, as a path that walks it; none in a graph whose paths only meet', () => {
    const fixture: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['c.ts']],
      ['f.ts', ['f.ts']],
      ['g.ts', ['h.ts', 'i.ts']],
      ['h.ts', ['j.ts']],
      ['i.ts', ['j.ts']],
      ['j.ts', ['package.ts']],
    ]);
    expect(importCircles(fixture).sort()).toEqual(['a.ts -> b.ts -> a.ts', 'c.ts -> d.ts -> e.ts -> c.ts', 'f.ts -> f.ts']);
    expect(importCircles(new Map([...fixture].filter(([f]) => f >= 'g.ts')))).toEqual([]);
  });

  describe('on a tree of files', () => {
    const root = mkdtempSync(join(tmpdir(), 'architecture-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('src/low/clock.ts', "import type { Order } from '../one/order.js';\nexport const now = (o: Order) => o.at;\n");
    write('src/one/order.ts', "import { now } from '../low/clock.js';\nimport type { Audit } from '../two/audit.js';\nexport interface Order { at: Date; audit: Audit }\nexport const at = now;\n");
    write('src/two/audit.ts', "import type { Order } from '../one/order.js';\nimport { z } from 'zod';\nexport interface Audit { order: Order }\n");
    write('src/main.ts', "const orders = await import('./one/order.js');\n");
    write('src/notes.md', "import { x } from './nowhere.js';\n");

    it('resolves each relative import to its file, leaving packages and other files out', () => {
      expect(importGraph(root, 'src')).toEqual(
        new Map([
          ['src/low/clock.ts', ['src/one/order.ts']],
          ['src/main.ts', ['src/one/order.ts']],
          ['src/one/order.ts', ['src/low/clock.ts', 'src/two/audit.ts']],
          ['src/two/audit.ts', ['src/one/order.ts']],
        ]),
      );
    });

    it('fails the rules it breaks: a type-only import upward, and the circles it closes', () => {
      const tree = importGraph(root, 'src');
      expect(upwardImports(tree, layers)).toEqual(['src/low/clock.ts (low) imports src/one/order.ts (middle)']);
      expect(importCircles(tree)).toEqual(['src/low/clock.ts -> src/one/order.ts -> src/low/clock.ts']);
    });
  });
});
