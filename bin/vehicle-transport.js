#!/usr/bin/env node
// The package's command, `vehicle-transport` (package.json bin). In a checkout (src/ is there) it
// runs the sources through tsx, so `npx vehicle-transport ...` works after `npm install` with
// nothing built and never runs a stale build; in an install of the package (dist/ only) it runs the
// compiled dist/cli.js.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/cli.js', import.meta.url).href);
}
