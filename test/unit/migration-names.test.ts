// The migrations a start looks for without loading them (their files' names) are the ones the
// migrator runs (src/db/migrations.ts): a migration file left out of the list, or listed without its
// file, would make every start migrate again or never.
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../../src/db/orm.js';
import { migrations } from '../../src/db/migrations.js';

describe('migrationNames', () => {
  it('names every migration the migrator runs, in order, and nothing else', () => {
    expect(migrationNames()).toEqual(migrations.map((m) => m.name));
  });
});
