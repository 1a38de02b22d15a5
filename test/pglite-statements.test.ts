// The embedded database's prepared statements (src/db/pglite-statements.ts): the same answers as
// PGlite's own `query` (rows, fields, counts, errors, notifications), each statement prepared once,
// the least recently used closed beyond the limit, a plan a schema change made stale prepared again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pgliteModule from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { preparedStatements, type PgliteInstance } from '../src/db/pglite-statements.js';

const KEPT = 3;
let plain: PGlite;
let prepared: PGlite;

const setup = `create table probe (id text primary key, n integer, big bigint, at timestamptz, day date, tags jsonb, flags text[], ok boolean, note text);
  insert into probe values ('a', 1, 9007199254740993, '2026-11-23T12:00:00.123Z', '2026-12-01', '{"x": [1, 2]}', '{red,"with space"}', true, null),
                           ('b', 2, 5, '2026-11-24T00:00:00Z', '2026-12-02', '[]', '{}', false, 'b')`;

const preparedNames = async () => (await prepared.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

beforeAll(async () => {
  [plain, prepared] = await Promise.all([PGlite.create(), PGlite.create()]);
  await plain.exec(setup);
  await prepared.exec(setup);
  preparedStatements(prepared as unknown as PgliteInstance, pgliteModule, { kept: KEPT, firstRuns: 8 });
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await prepared?.close();
});

describe('prepared statements on the embedded database', () => {
  it("answers what PGlite's own query answers: rows parsed by type, fields, counts", async () => {
    const statements: [string, unknown[]][] = [
      ['select * from probe where n >= $1 order by id', [1]],
      ['select id, big, tags, flags from probe where id = any($1) order by id', [['a', 'b']]],
      ['select $1::jsonb as j, $2::timestamptz as t, $3::date as d, $4::boolean as b', [{ k: 'v' }, new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), '2026-01-02', false]],
      ['update probe set note = $1 where n <= $2', ['changed', 5]],
      ['insert into probe (id, n) values ($1, $2), ($3, $4) returning id', ['c', 3, 'd', 4]],
      ['delete from probe where id in ($1, $2)', ['c', 'd']],
      ['select id from probe where id = $1', ['none']],
    ];
    for (const [sql, params] of statements) {
      const expected = await plain.query(sql, params, { rowMode: 'object' });
      const got = await prepared.query(sql, params, { rowMode: 'object' });
      expect({ sql, rows: got.rows, fields: got.fields, affectedRows: got.affectedRows }).toEqual({
        sql,
        rows: expected.rows,
        fields: expected.fields,
        affectedRows: expected.affectedRows,
      });
    }
  });

  it('prepares a statement once, and closes the least recently used beyond the limit', async () => {
    const before = await preparedNames();
    for (let i = 0; i < 4; i++) await prepared.query('select n from probe where id = $1', ['a']);
    const after = await preparedNames();
    expect(after.length).toBeLessThanOrEqual(KEPT);
    expect(after.filter((n) => !before.includes(n)).length).toBeLessThanOrEqual(1);
    for (let i = 0; i < 2 * KEPT; i++) expect((await prepared.query<{ v: number }>(`select $1::int + ${i} as v`, [1])).rows).toEqual([{ v: 1 + i }]);
    expect((await preparedNames()).length).toBeLessThanOrEqual(KEPT);
    // A statement closed to make room is prepared again when it comes back.
    expect((await prepared.query('select n from probe where id = $1', ['b'])).rows).toEqual([{ n: 2 }]);
  });

  it('prepares a statement again after twice the runs it had (8, 16, 32...), costed on the tables as they are then', async () => {
    const sql = 'select n from probe where id = $1 and n > $2';
    const nameOf = async () => (await prepared.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [sql])).rows.map((r) => r.name);
    const names = new Set<string>();
    for (let run = 1; run <= 40; run++) {
      expect((await prepared.query(sql, ['a', 0])).rows).toEqual([{ n: 1 }]);
      const [name] = await nameOf();
      names.add(name!);
      // Prepared at the first run, again at the 9th, 17th and 33rd: the name changes there.
      if (run === 8 || run === 16 || run === 32) expect(names.size).toBe(Math.log2(run) - 2);
    }
    expect(names.size).toBe(4);
    // Only the newest is kept in the database: the others were closed.
    expect(await nameOf()).toHaveLength(1);
  });

  it("throws the database's error with the statement and its parameters, and the next one runs", async () => {
    await expect(prepared.query('insert into probe (id, n) values ($1, $2)', ['a', 1])).rejects.toMatchObject({
      code: '23505',
      query: 'insert into probe (id, n) values ($1, $2)',
      params: ['a', 1],
    });
    await expect(prepared.query('select nope from probe where id = $1', ['a'])).rejects.toMatchObject({ code: '42703' });
    await expect(prepared.query('select n from probe where n = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await prepared.query('select count(*)::int as c from probe where n > $1', [0])).rows).toEqual([{ c: 2 }]);
  });

  it('in a transaction: prepared there, sees its writes, a failure aborts it and a rollback undoes it', async () => {
    await prepared.transaction(async (tx) => {
      await tx.query('insert into probe (id, n) values ($1, $2)', ['tx', 7]);
      expect((await tx.query('select n from probe where id = $1', ['tx'])).rows).toEqual([{ n: 7 }]);
    });
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query('insert into probe (id, n) values ($1, $2)', ['gone', 8]);
        await expect(tx.query('insert into probe (id, n) values ($1, $2)', ['tx', 1])).rejects.toMatchObject({ code: '23505' });
        // The transaction is aborted: the next statement is refused until it ends.
        await expect(tx.query('select n from probe where id = $1', ['gone'])).rejects.toMatchObject({ code: '25P02' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await prepared.query('select id from probe where id = any($1) order by id', [['gone', 'tx']])).rows).toEqual([{ id: 'tx' }]);
  });

  it('a plan a schema change made stale is prepared again (at once outside a transaction, on the next run inside one)', async () => {
    const sql = 'select * from probe where id = $1';
    expect(Object.keys((await prepared.query<Record<string, unknown>>(sql, ['a'])).rows[0]!)).not.toContain('extra');
    await prepared.exec('alter table probe add column extra text');
    expect((await prepared.query<Record<string, unknown>>(sql, ['a'])).rows[0]).toMatchObject({ id: 'a', extra: null });
    await prepared.exec('alter table probe add column more text');
    await expect(prepared.transaction((tx) => tx.query(sql, ['a']))).rejects.toMatchObject({ code: '0A000' });
    expect((await prepared.transaction((tx) => tx.query<Record<string, unknown>>(sql, ['a']))).rows[0]).toMatchObject({ id: 'a', more: null });
  });

  it('notifications sent by a prepared statement reach the listeners', async () => {
    const heard: string[] = [];
    const unlisten = await prepared.listen('probe_channel', (payload) => heard.push(payload));
    await prepared.query('select pg_notify($1, $2)', ['probe_channel', 'one']);
    await prepared.transaction((tx) => tx.query('select pg_notify($1, $2)', ['probe_channel', 'two']));
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['one', 'two']);
    await unlisten();
  });

  it('statements without parameters, and options it does not handle, keep PGlite’s own path', async () => {
    expect((await prepared.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await prepared.query('select $1::int as v', [5], { rowMode: 'array' })).rows).toEqual([[5]]);
  });
});
