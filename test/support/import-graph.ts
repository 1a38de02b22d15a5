// The import graph of a source tree, and the two questions test/architecture.test.ts asks of it:
// which imports run from a lower layer to a higher one, and which files import each other in a
// circle. Imports are read by TypeScript's own pre-processor: static, type-only, re-exports and
// dynamic `import()` alike (a type-only import still means one file cannot be read without the
// other, and a type-only circle is a circle a reader walks).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Files (relative to the project root, `/`-separated) and, for each, the files it imports. */
export type ImportGraph = Map<string, string[]>;

/** The module specifiers a source text imports. */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
    });
}

/**
 * The graph of every `.ts` file under `dir` (of the project at `root`), each with the files its
 * relative imports name (`.js` read as the `.ts` beside it); packages are left out.
 */
export function importGraph(root: string, dir: string): ImportGraph {
  const rel = (path: string) => relative(root, path).split('\\').join('/');
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(resolve(root, dir))) {
    const targets = specifiersOf(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => rel(resolve(dirname(file), s.replace(/\.js$/, '.ts'))));
    graph.set(rel(file), [...new Set(targets)]);
  }
  return graph;
}

/** A layer: its name and the paths it holds (a folder ends with `/`; a pattern `src/*.ts` is the files directly in `src/`). */
export interface Layer {
  name: string;
  paths: readonly string[];
}

const holds = (path: string, file: string) => (path.endsWith('/*.ts') ? dirname(file) === path.slice(0, -5) && file.endsWith('.ts') : path.endsWith('/') ? file.startsWith(path) : file === path);

/** The index of the layer (lowest first) holding `file`, or -1. */
export const layerIndex = (layers: readonly Layer[], file: string): number => layers.findIndex((l) => l.paths.some((p) => holds(p, file)));

/** Every import from a file to a file of a higher layer, as `file (layer) imports target (layer)`. */
export function upwardImports(graph: ImportGraph, layers: readonly Layer[]): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerIndex(layers, file);
    for (const target of targets) {
      const to = layerIndex(layers, target);
      if (from !== -1 && to > from) found.push(`${file} (${layers[from]!.name}) imports ${target} (${layers[to]!.name})`);
    }
  }
  return found;
}

/**
 * Every import circle between files: one per strongly connected component of the graph (Tarjan),
 * written as a path that walks it, `a.ts -> b.ts -> a.ts` (a file importing itself is one too).
 */
export function importCircles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const next = (file: string) => (graph.get(file) ?? []).filter((t) => graph.has(t));
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of next(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || next(file).includes(file)) components.push(component);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return components.map((component) => walk(component.sort(), next).join(' -> '));
}

/** A shortest path from the component's first file back to it, through the component. */
function walk(component: string[], next: (file: string) => string[]): string[] {
  const start = component[0]!;
  const inside = new Set(component);
  const came = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of next(file)) {
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = file; at !== undefined && at !== start; at = came.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (inside.has(target) && !came.has(target)) {
        came.set(target, file);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}
