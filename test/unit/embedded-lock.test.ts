// One process at a time on the embedded database: the lock file beside its directory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase, lockFileOf } from '../../src/db/embedded-lock.js';

const root = mkdtempSync(join(tmpdir(), 'vt-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const dir = () => join(root, `data-${++n}`);

/** A child process holding the lock of `dataDir` until killed; resolves once it has it. */
async function holder(dataDir: string) {
  const code = `import { lockEmbeddedDatabase } from ${JSON.stringify(new URL('../../src/db/embedded-lock.ts', import.meta.url).pathname)};
lockEmbeddedDatabase(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('locked') && resolve());
    child.once('exit', (c) => reject(new Error(`holder exited ${c}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
}

describe('lockEmbeddedDatabase', () => {
  it('takes a free directory, refuses it to a second opener in this process, and frees it on release', () => {
    const d = dir();
    const release = lockEmbeddedDatabase(d);
    const file = JSON.parse(readFileSync(lockFileOf(d), 'utf8'));
    expect(file).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockEmbeddedDatabase(d)).toThrow(EmbeddedDatabaseInUseError);
    release();
    expect(existsSync(lockFileOf(d))).toBe(false);
    lockEmbeddedDatabase(d)();
  });

  it("refuses while another process holds it, naming that process, and takes it over once that process is killed", async () => {
    const d = dir();
    const h = await holder(d);
    try {
      let refused: unknown;
      try {
        lockEmbeddedDatabase(d);
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(EmbeddedDatabaseInUseError);
      expect((refused as EmbeddedDatabaseInUseError).holder.pid).toBe(h.child.pid);
      expect((refused as Error).message).toContain(`in use by process ${h.child.pid}`);
      expect((refused as Error).message).toMatch(/Stop that process first/);
    } finally {
      h.child.kill('SIGKILL'); // leaves its lock file behind
      await h.exited;
    }
    expect(existsSync(lockFileOf(d))).toBe(true);
    const release = lockEmbeddedDatabase(d);
    expect(JSON.parse(readFileSync(lockFileOf(d), 'utf8')).pid).toBe(process.pid);
    release();
  }, 30_000);

  it('takes over a file whose pid now belongs to another process (a pid reused after a restart)', () => {
    const d = dir();
    // This very process's pid with another start time: the holder that wrote it is gone.
    writeFileSync(lockFileOf(d), JSON.stringify({ pid: process.pid, proc_start: '1', host: hostname(), command: 'old', since: '2026-01-01T00:00:00Z' }));
    const release = lockEmbeddedDatabase(d);
    expect(JSON.parse(readFileSync(lockFileOf(d), 'utf8')).command).not.toBe('old');
    release();
  });

  it('takes over an unreadable lock file (a holder that died while writing it)', () => {
    const d = dir();
    writeFileSync(lockFileOf(d), '{"pi');
    lockEmbeddedDatabase(d)();
  });

  it('keeps a lock written on another machine (a shared directory): it cannot tell whether that holder runs', () => {
    const d = dir();
    writeFileSync(lockFileOf(d), JSON.stringify({ pid: 1, proc_start: null, host: 'another-host', command: 'node src/main.ts', since: '2026-01-01T00:00:00Z' }));
    expect(() => lockEmbeddedDatabase(d)).toThrow(/in use by process 1 \(node src\/main.ts/);
  });
});
