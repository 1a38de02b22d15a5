// The embedded database (PGlite, in memory) the unit tests use, started from a dump taken once after
// the migrations: starting PGlite afresh runs initdb and every migration (4-5 s in a new process),
// loading the dump about 1 s. Mutation testing runs a test file again in a new process for each
// mutant, so that start-up is paid per mutant. The dump is kept in node_modules/.cache (the
// node_modules PGlite is loaded from, so copies of the project share it: Stryker's sandboxes, the
// known bugs' copy) under a hash of the migrations and the PGlite version: a changed migration makes
// a new one.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PgliteConnection } from '@mikro-orm/pglite';
import { openDatabase, type Database } from '../../src/db/orm.js';

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
// …/node_modules/@electric-sql/pglite/dist/index.cjs: the package, and the node_modules it is in.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const nodeModules = pgliteEntry.slice(0, pgliteEntry.lastIndexOf('/@electric-sql/pglite/'));
const cacheDir = `${nodeModules}/.cache/vehicle-transport-api/`;

/** A name for the migrations as they are now (file names and contents): a changed migration, a new name. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) hash.update(name).update(readFileSync(migrationsDir + name));
  // The list of migrations that run is orm.ts's: a migration left out of it is left out of the copy too.
  hash.update(readFileSync(new URL('../../src/db/orm.ts', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

function dumpFile(): string {
  const version = JSON.parse(readFileSync(`${nodeModules}/@electric-sql/pglite/package.json`, 'utf8')).version as string;
  return `${cacheDir}pglite-migrated-${createHash('sha256').update(version).update(migrationsHash()).digest('hex').slice(0, 16)}.tar`;
}

/**
 * A data folder holding a migrated embedded database, for a server process a test starts
 * (`DATA_DIR`): it starts as on any folder its migrations already ran on, without paying for initdb
 * and every migration again. (The process tests' keys CLI still starts from an empty folder.)
 */
export async function migratedDataDir(dir: string): Promise<void> {
  let dump: Buffer;
  try {
    dump = readFileSync(dumpFile());
  } catch {
    await (await openEmbeddedDatabase()).close(); // makes the dump
    dump = readFileSync(dumpFile());
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([dump]) });
  await pg.close();
}

/** A fresh, migrated embedded database of this test file's own. */
export async function openEmbeddedDatabase(): Promise<Database> {
  const file = dumpFile();
  let dump: Buffer | undefined;
  try {
    dump = readFileSync(file);
  } catch {
    // No dump yet: migrate, then keep the result for the next process.
  }
  if (dump) return openDatabase({ embeddedDump: new Blob([dump]) });
  const db = await openDatabase({});
  const native = await (db.orm.em.getConnection() as unknown as PgliteConnection).getNativeClient();
  const taken = Buffer.from(await (await native.dumpDataDir('none')).arrayBuffer());
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed: processes starting together never read half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, taken);
  renameSync(partial, file);
  return db;
}
