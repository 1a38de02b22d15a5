// npm run build:dashboard [-- --if-stale]
// Builds the dashboard (dashboard/ -> dashboard/dist) with Vite. With --if-stale (what `npm start`
// runs) it builds only when dist is missing or was built from other sources: the hash of every input
// (the dashboard's sources, the generated API types, the shared VIN module, the lockfile) is kept in
// dist/.source-hash. Prints the size of what a browser downloads, raw and gzipped.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dashboard/dist');
const HASH_FILE = join(DIST, '.source-hash');
const INPUTS = ['scripts/build/dashboard.ts', 'dashboard/index.html', 'dashboard/vite.config.ts', 'dashboard/tsconfig.json', 'dashboard/src', 'dashboard/public', 'generated/openapi.ts', 'src/orders/vin.ts', 'package-lock.json'];

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(file).update('\0').update(readFileSync(join(ROOT, file))).update('\0');
  return hash.digest('hex');
}

const ifStale = process.argv.includes('--if-stale');
const wanted = sourceHash();
if (ifStale && existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8').trim() === wanted && existsSync(join(DIST, 'index.html'))) {
  process.exit(0);
}
const started = Date.now();
console.error(ifStale ? 'Building the dashboard (its sources changed or it was never built) ...' : 'Building the dashboard ...');
// Always the production build (React's development build is larger and slower), whatever NODE_ENV the
// caller runs with (vitest sets it to \`test\`).
process.env.NODE_ENV = 'production';
await build({ configFile: join(ROOT, 'dashboard/vite.config.ts'), mode: 'production', logLevel: 'warn' });
writeFileSync(HASH_FILE, `${wanted}\n`);
let raw = 0;
let gzip = 0;
for (const file of files(relative(ROOT, DIST)).filter((f) => /\.(js|css|html)$/.test(f))) {
  const bytes = readFileSync(join(ROOT, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
console.error(`Dashboard built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${(raw / 1024).toFixed(1)} KiB of HTML, JS and CSS (${(gzip / 1024).toFixed(1)} KiB gzipped) in dashboard/dist.`);
