// Scale-out start: API and worker processes started at the same moment on one PostgreSQL database,
// empty or behind on migrations, all come up (the migrations run once, under an advisory lock).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { afterAll, describe, expect, it } from 'vitest';
import { entities } from '../src/db/orm.js';
import { migrations } from '../src/db/migrations.js';
import { freePort } from './support/ports.js';
import { checkedFetch } from './support/contract-check.js';

const base = process.env.TEST_DATABASE_URL;
const node = process.execPath;
/** Production mode needs the key that seals webhook signing secrets; every process of the run shares it. */
const SECRETS_KEY = `concurrent:${randomBytes(32).toString('base64')}`;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database with nothing in it, dropped after the file's tests. */
async function freshDatabase(): Promise<string> {
  const name = `vt_start_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(base as string);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Started {
  role: string;
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

function startProcess(role: 'api' | 'worker', port: number, databaseUrl: string): Started {
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, ROLE: role, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRETS_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exit;
    }
  });
  return { role, child, port, output: () => output, exit };
}

/** Resolves to the status of /readyz once it answers 200, or as soon as the process exits. */
async function readiness(p: Started, deadline: number): Promise<string> {
  let exited: number | null | undefined;
  void p.exit.then((code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== undefined) return `exited ${exited}`;
    try {
      // A worker's probe is outside the API's document (see /readyz there): read unchecked.
      const res = await (p.role === 'worker' ? fetch : checkedFetch)(`http://127.0.0.1:${p.port}/readyz`);
      if (res.status === 200) return 'ready';
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return 'not ready in time';
}

async function startFour(databaseUrl: string): Promise<Started[]> {
  const roles = ['api', 'worker', 'api', 'worker'] as const;
  const ports = await Promise.all(roles.map(() => freePort()));
  return roles.map((role, i) => startProcess(role, ports[i]!, databaseUrl));
}

async function executedMigrations(databaseUrl: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map((r) => r.name);
  } finally {
    await c.end();
  }
}

describe.skipIf(!base)('four processes started at once on PostgreSQL (api, worker, api, worker)', () => {
  it.each([
    ['an empty database', 0],
    ['a database one migration behind', migrations.length - 1],
  ])('all come up on %s, and every migration is applied once', async (_name, alreadyApplied) => {
    const url = await freshDatabase();
    if (alreadyApplied > 0) {
      const orm = await MikroORM.init({
        clientUrl: url,
        entities,
        extensions: [Migrator],
        migrations: { migrationsList: migrations.slice(0, alreadyApplied), transactional: true, allOrNothing: true, silent: true, snapshot: false },
      });
      await orm.migrator.up();
      await orm.close(true);
    }
    const processes = await startFour(url);
    const deadline = Date.now() + 60_000;
    const states = await Promise.all(processes.map((p) => readiness(p, deadline)));
    const report = processes.map((p, i) => `${p.role} :${p.port} ${states[i]}\n${p.output()}`).join('\n');
    expect(states, report).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(await executedMigrations(url)).toEqual(migrations.map((m) => m.name));
    // Still up after the start: nothing crashed late (a worker's first claim, the compliance job row).
    await new Promise((r) => setTimeout(r, 1000));
    for (const p of processes) expect(p.child.exitCode, `${p.role}: ${p.output()}`).toBeNull();
    for (const p of processes) p.child.kill('SIGTERM');
    expect(await Promise.all(processes.map((p) => p.exit))).toEqual([0, 0, 0, 0]);
  }, 90_000);
});
