// queryRows (src/shared/sql.ts): statements sent straight to the driver, prepared once per
// connection (the pg pool) or once per embedded database (PGlite's wire protocol), on both databases;
// unnamed through a transaction-mode pooler, declared or found by its errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { openDatabase } from '../src/db/orm.js';
import { queryRows, whenUndeclaredPooler } from '../src/shared/sql.js';
import { backends, createTestDatabase, type TestDatabase } from './support/databases.js';

describe.each(backends({ pooler: true }))('queryRows on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await t.db.em().execute('create table sql_probe (id text primary key, n integer, at timestamptz, tags jsonb, note text)');
  }, 60_000);
  afterAll(() => t?.drop());

  it('binds parameters by their types and parses the columns, the same statement many times', async () => {
    const at = new Date(Date.UTC(2026, 10, 23, 12, 0, 0, 123));
    const insert = 'insert into sql_probe (id, n, at, tags, note) values ($1, $2, $3, $4, $5) returning *';
    for (let i = 0; i < 5; i++) {
      const [row] = await queryRows<Record<string, unknown>>(t.db.em(), insert, [`p${i}`, i, at, JSON.stringify({ i }), i % 2 ? null : `note ${i}`]);
      // Timestamps come back as the database's text on both drivers (rowMapper makes them Dates).
      expect({ ...row, at: new Date(row!.at as string) }).toEqual({ id: `p${i}`, n: i, at, tags: { i }, note: i % 2 ? null : `note ${i}` });
    }
    const rows = await queryRows<{ id: string }>(t.db.em(), 'select id from sql_probe where n >= $1 order by id', [3]);
    expect(rows).toEqual([{ id: 'p3' }, { id: 'p4' }]);
    expect(await queryRows(t.db.em(), 'select id from sql_probe where id = $1', ['none'])).toEqual([]);
  });

  it("answers the database's error, and the next statement runs", async () => {
    await expect(queryRows(t.db.em(), 'insert into sql_probe (id, n) values ($1, $2)', ['p0', 1])).rejects.toMatchObject({ code: '23505' });
    await expect(queryRows(t.db.em(), 'select nope from sql_probe', [])).rejects.toMatchObject({ code: '42703' });
    expect(await queryRows(t.db.em(), 'select count(*)::int as n from sql_probe', [])).toEqual([{ n: 5 }]);
  });

  it('prepares a statement again when a change to its table makes the prepared one stale', async () => {
    const sql = 'select * from sql_probe where id = $1';
    expect(Object.keys((await queryRows<Record<string, unknown>>(t.db.em(), sql, ['p1']))[0]!)).toEqual(['id', 'n', 'at', 'tags', 'note']);
    await t.db.em().execute('alter table sql_probe add column extra text');
    const [row] = await queryRows<Record<string, unknown>>(t.db.em(), sql, ['p1']);
    expect(row).toMatchObject({ id: 'p1', n: 1, extra: null });
  });

  it('inside a transaction, runs on the transaction and sees its writes; a rollback undoes them', async () => {
    await t.db.em().transactional(async (em) => {
      await queryRows(em, 'insert into sql_probe (id, n) values ($1, $2)', ['tx', 9]);
      expect(await queryRows(em, 'select n from sql_probe where id = $1', ['tx'])).toEqual([{ n: 9 }]);
    });
    await expect(
      t.db.em().transactional(async (em) => {
        await queryRows(em, 'insert into sql_probe (id, n) values ($1, $2)', ['gone', 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queryRows(t.db.em(), 'select id from sql_probe where id in ($1, $2) order by id', ['gone', 'tx'])).toEqual([{ id: 'tx' }]);
  });

  it("inside a transaction, sends values beside the statement (never in its text) and answers the ORM's exceptions", async () => {
    const odd = `it's $1 -- ; drop table sql_probe; '' \\ ?`;
    await t.db.em().transactional(async (em) => {
      const [row] = await queryRows<{ note: string; tags: unknown }>(em, 'insert into sql_probe (id, n, note, tags) values ($1, $2, $3, $4) returning note, tags', ['odd', 3, odd, JSON.stringify({ odd })]);
      expect(row).toEqual({ note: odd, tags: { odd } });
      await expect(queryRows(em, 'insert into sql_probe (id, n) values ($1, $2)', ['odd', 4])).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    }).catch(() => undefined); // the failed insert aborted the transaction: it rolls back
    expect(await queryRows(t.db.em(), 'select id from sql_probe where id = $1', ['odd'])).toEqual([]);
    await t.db.em().transactional((em) => queryRows(em, 'insert into sql_probe (id, n, note) values ($1, $2, $3)', ['odd', 3, odd]));
    expect(await queryRows(t.db.em(), 'select note from sql_probe where id = $1', ['odd'])).toEqual([{ note: odd }]);
    await expect(t.db.em().transactional((em) => queryRows(em, 'select id from sql_probe where id = $1', ['odd', 'one too many']))).rejects.toMatchObject({ code: '08P01' });
  });

  it('outside a transaction, waits for one open on the same database instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const wrote = new Promise<void>((r) => (inserted = r));
    const tx = t.db.em().transactional(async (em) => {
      await queryRows(em, 'insert into sql_probe (id, n) values ($1, $2)', ['held', 1]);
      inserted();
      await held;
      throw new Error('roll back');
    });
    await wrote;
    const outside = queryRows<{ n: number }>(t.db.em(), 'select count(*)::int as n from sql_probe where id = $1', ['held']);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect(tx).rejects.toThrow('roll back');
    // Had it run inside the transaction it would have counted the row the rollback removed.
    expect(await outside).toEqual([{ n: 0 }]);
  });
});

/**
 * Through a transaction-mode pooler each statement may run on another server connection, where a
 * statement prepared by name elsewhere does not exist (and its name may already be taken).
 */
describe.runIf(backends({ pooler: true }).includes('pgbouncer'))('queryRows through a transaction pooler', () => {
  const concurrently = (em: () => import('@mikro-orm/sql').EntityManager, times: number) =>
    Promise.all(Array.from({ length: times }, (_, i) => queryRows<{ n: number }>(em(), 'select $1::int + 1 as n', [i])));

  it('declared (DATABASE_POOLER, or a direct URL beside it): every statement unnamed, none fails', async () => {
    const t = await createTestDatabase('pgbouncer');
    try {
      for (let round = 0; round < 5; round++) expect((await concurrently(() => t.db.em(), 40)).map(([r]) => r!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      await t.drop();
    }
  }, 60_000);

  it('undeclared: found by the errors a named statement gets there, told once, and the statement answered all the same', async () => {
    const t = await createTestDatabase('pgbouncer');
    const undeclared = await openDatabase({ databaseUrl: t.url });
    const told: unknown[] = [];
    whenUndeclaredPooler((err) => told.push(err));
    try {
      for (let round = 0; round < 5; round++) expect((await concurrently(() => undeclared.em(), 40)).map(([r]) => r!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ code: expect.stringMatching(/^(26000|42P05)$/) });
    } finally {
      whenUndeclaredPooler(() => undefined);
      await undeclared.close();
      await t.drop();
    }
  }, 60_000);
});
