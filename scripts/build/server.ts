// npm run build: compiles src/ to dist/ (JavaScript and source maps, same layout as src/) and copies
// the data files src/ reads at run time (for example the local carrier registry) beside them.
// Production runs `node dist/main.js`; it reads the published specs from generated/ next to dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyReplacements } from '../../src/shared/replacements.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');
const DIST = path.join(ROOT, 'dist');

// A clean build every time: no output of a deleted source survives, and tsc's build info cannot
// claim that a removed dist/ is up to date.
rmSync(DIST, { recursive: true, force: true });
rmSync(path.join(ROOT, 'build'), { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '--build', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });

let copied = 0;
for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || entry.name.endsWith('.ts')) continue;
  const from = path.join(entry.parentPath, entry.name);
  cpSync(from, path.join(DIST, path.relative(SRC, from)));
  copied++;
}
// The npm-installed scripts the reference docs load (generated/docs-assets.json): copied into the
// build, so a production install serves /docs without the dev package that holds them.
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'docs-assets.json'), 'utf8')) as Record<string, { package?: string; file?: string; replace?: [string, string][] }>;
const require = createRequire(import.meta.url);
mkdirSync(path.join(DIST, 'docs-assets'), { recursive: true });
for (const [name, source] of Object.entries(manifest)) {
  if (!source.package || !source.file) continue;
  const from = path.join(path.dirname(require.resolve(`${source.package}/package.json`)), source.file);
  // With the replacements generation made (the page's integrity hash is of the result).
  writeFileSync(path.join(DIST, 'docs-assets', name), applyReplacements(readFileSync(from), source.replace, from));
  copied++;
}
console.log(`dist/: compiled src/ and copied ${copied} data file(s)`);
