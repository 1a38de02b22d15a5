// Raw SQL for the request path's hot reads and writes (the caller's key, the rate-limit take, a
// resource by id): one statement straight to the driver, rows mapped to the entity's shape without
// the ORM's query builder, hydration or identity map, its parameters always sent beside it. Inside a
// transaction the statement runs on the transaction's connection; outside one, on the driver's own
// client (the `pg` pool, or the embedded database, which queues it behind any open transaction), as a
// statement prepared once and then only bound and executed; through a transaction-mode pooler, where
// a name prepared on one server connection is unknown on the next, as an unnamed statement. The
// embedded database prepares statements with parameters wherever they run (src/db/pglite-statements.ts).
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { CompiledQuery, type Transaction } from 'kysely';

interface NativeClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The `pg` pool's form of a query: a named one is parsed and planned once per connection. */
interface PreparingClient {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  totalCount: number;
}

type Run = (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
const natives = new WeakMap<object, Promise<Run>>();
/** Connections whose statements are not prepared by name (a transaction-mode pooler's). */
const unnamed = new WeakSet<object>();

/** The connection (`em.getConnection()`) goes through a transaction-mode pooler: statements are sent unnamed. */
export function withoutNamedStatements(connection: object): void {
  unnamed.add(connection);
}

/**
 * What a pooler that was not declared does to named statements: one prepared on another server
 * connection is missing here (26000), or this one's name was already taken there (42P05).
 */
const POOLER_ERRORS = new Set(['26000', '42P05']);
let onUndeclaredPooler: (err: unknown) => void = () => undefined;
/** Told once, when a pooler nobody declared is found by its errors (the logger of the process). */
export function whenUndeclaredPooler(report: (err: unknown) => void): void {
  onUndeclaredPooler = report;
}
const statementNames = new Map<string, string>();
let statementCount = 0;

function nativeClient(em: EntityManager): Promise<Run> {
  const connection = em.getConnection() as unknown as { getNativeClient(): Promise<NativeClient | PreparingClient> };
  let run = natives.get(connection);
  if (!run) {
    run = connection.getNativeClient().then((client): Run | Promise<Run> => {
      if (!('totalCount' in client)) return (sql, params) => (client as NativeClient).query(sql, params);
      // The pg pool: each statement prepared (by name) on each connection the first time it runs
      // there, then only bound and executed: the hot statements are not parsed and planned again
      // on every request. Through a transaction-mode pooler, unnamed: parsed on every run.
      const prepared = client as PreparingClient;
      const plain = (sql: string, params: unknown[]) => (client as unknown as NativeClient).query(sql, params);
      const nameOf = (sql: string) => {
        let name = statementNames.get(sql);
        if (!name) statementNames.set(sql, (name = `vt_${++statementCount}`));
        return name;
      };
      return async (sql, params) => {
        if (unnamed.has(connection)) return plain(sql, params);
        try {
          return await preparedAgainIfStale(
            () => prepared.query({ name: nameOf(sql), text: sql, values: params }),
            () => statementNames.delete(sql),
          );
        } catch (err) {
          if (!POOLER_ERRORS.has((err as { code?: string }).code ?? '')) throw err;
          // A pooler nobody declared (DATABASE_POOLER): from now on, unnamed statements.
          if (!unnamed.has(connection)) onUndeclaredPooler(err);
          unnamed.add(connection);
          return plain(sql, params);
        }
      };
    });
    natives.set(connection, run);
  }
  return run;
}

/** A prepared statement's plan that a schema change altered: `cached plan must not change result type`. */
export const isStalePlan = (err: unknown): boolean => (err as { code?: string } | null)?.code === '0A000';

/**
 * Runs a prepared statement; when a migration changed a table it reads (`select *` after a new
 * column, during a rolling deploy: 0A000), forgets it and runs it once more, prepared again under a
 * new name.
 */
export async function preparedAgainIfStale<T>(run: () => Promise<T>, forget: () => void): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isStalePlan(err)) throw err;
    forget();
    return run();
  }
}

/**
 * The rows of `sql` (`$1`, `$2`... placeholders), in `em`'s transaction if it has one. In a
 * transaction the statement goes to the transaction's connection with its parameters beside it, as
 * outside one (the entity manager's `execute` would write each value into the text: a new statement
 * to parse every time, and on the embedded database one that is never prepared).
 */
export async function queryRows<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  if (em.isInTransaction()) {
    const transaction = em.getTransactionContext<Transaction<unknown>>()!;
    try {
      const { rows } = await transaction.executeQuery(CompiledQuery.raw(sql, params));
      return rows as T[];
    } catch (err) {
      throw em.getDriver().convertException(err as Error);
    }
  }
  const { rows } = await (await nativeClient(em))(sql, params);
  return rows as T[];
}

type RowMapper<E> = (row: Record<string, unknown>) => E;
const mappers = new Map<string, RowMapper<unknown>>();

/**
 * Turns a row of the entity's table into the entity's shape (property names, `Date`s), compiled once
 * per entity from its metadata. The result is a snapshot, not managed by the entity manager.
 */
export function rowMapper<E>(em: EntityManager, entity: EntityName<E>): { table: string; map: RowMapper<E> } {
  const meta = em.getMetadata().find(entity as never)!;
  let map = mappers.get(meta.className) as RowMapper<E> | undefined;
  if (!map) {
    const props = meta.props.filter((p) => p.kind === 'scalar' && p.fieldNames?.length === 1 && p.persist !== false);
    const columns = props.map((p) => ({ name: p.name, column: p.fieldNames[0]!, date: p.runtimeType === 'Date', number: p.runtimeType === 'number' }));
    map = (row) => {
      const out: Record<string, unknown> = {};
      for (const c of columns) {
        const v = row[c.column];
        // bigint columns read as numbers (amounts in cents) arrive from the driver as strings or bigints.
        if (c.number && (typeof v === 'string' || typeof v === 'bigint')) out[c.name] = Number(v);
        else out[c.name] = c.date && v != null && !(v instanceof Date) ? new Date(v as string) : v;
      }
      return out as E;
    };
    mappers.set(meta.className, map as RowMapper<unknown>);
  }
  return { table: meta.tableName, map };
}

/**
 * What `insertRow` may add to its statement: a `with` clause before it (placeholders `$1`... for
 * the call's `params`, `paramCount` of them; the row's own values are numbered after them), columns
 * whose value is an SQL expression (which may read the `with` clause) instead of the entity's, and
 * what it answers (`returning`). A module constant: its statement is built once, on its first use.
 */
export interface InsertOptions<E> {
  with?: string;
  paramCount?: number;
  computed?: Partial<Record<keyof E & string, string>>;
  returning?: string;
}

interface Insert {
  sql: string;
  values: (entity: Record<string, unknown>) => unknown[];
}
const NO_OPTIONS: InsertOptions<never> = {};
/** The statements built, by their options (module constants) and then by entity. */
const inserts = new WeakMap<object, Map<string, Insert>>();

/**
 * Inserts `entity` (every column of its table, in the shape `em.create` takes) with one statement,
 * in `em`'s transaction if it has one, without the unit of work: for a new row the request writes
 * and never changes again before it commits. Answers the row `returning` names, if any.
 */
export async function insertRow<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  values: E,
  options: InsertOptions<E> = NO_OPTIONS as InsertOptions<E>,
  params: readonly unknown[] = [],
): Promise<Record<string, unknown> | undefined> {
  const meta = em.getMetadata().find(entity as never)!;
  let byEntity = inserts.get(options);
  if (!byEntity) inserts.set(options, (byEntity = new Map()));
  let insert = byEntity.get(meta.className);
  if (!insert) {
    const computed = (options.computed ?? {}) as Record<string, string>;
    const props = meta.props.filter((p) => p.kind === 'scalar' && p.fieldNames?.length === 1 && p.persist !== false);
    const bound = props.filter((p) => computed[p.name] === undefined);
    const json = bound.map((p) => p.runtimeType !== 'Date' && p.runtimeType !== 'string' && p.runtimeType !== 'number' && p.runtimeType !== 'boolean');
    let n = options.paramCount ?? 0;
    const placeholders = props.map((p) => computed[p.name] ?? `$${++n}`);
    insert = {
      sql: `${options.with ? `${options.with} ` : ''}insert into ${meta.tableName} (${props.map((p) => p.fieldNames[0]).join(', ')}) values (${placeholders.join(', ')})${options.returning ? ` returning ${options.returning}` : ''}`,
      values: (e) =>
        bound.map((p, i) => {
          const v = e[p.name];
          return v === undefined || v === null ? null : json[i] ? JSON.stringify(v) : v;
        }),
    };
    byEntity.set(meta.className, insert);
  }
  if (params.length !== (options.paramCount ?? 0)) throw new Error(`insertRow: ${params.length} params given for ${options.paramCount ?? 0}`);
  const [row] = await queryRows<Record<string, unknown>>(em, insert.sql, [...params, ...insert.values(values as Record<string, unknown>)]);
  return row;
}
