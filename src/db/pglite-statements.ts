// The embedded database's statements, prepared once. PGlite's `query` (and a transaction's) parses,
// describes and plans its statement again on every call, in six calls into the database, and reads
// its rows after copying its table of some 300 parsers. Here a statement with parameters (the form
// the request path's hot SQL takes: src/shared/sql.ts) is parsed once under a name, its parameter
// types and its columns described then, and each run is one call: bind, execute, sync. The ORM's own
// statements arrive with their values written into the text: each is new, so they keep PGlite's path.
// Everything runs under PGlite's own locks, as its `query` does.
import type * as Pglite from '@electric-sql/pglite';
import { isStalePlan, preparedAgainIfStale } from '../shared/sql.js';

type Parser = (value: string, type: number) => unknown;
type BackendMessage = Parameters<typeof Pglite.parse.parseResults>[0][number];

/** What of a PGlite instance this uses: its wire protocol, its locks and its type tables. */
export interface PgliteInstance {
  query: Pglite.PGlite['query'];
  transaction: Pglite.PGlite['transaction'];
  execProtocol(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<{ messages: BackendMessage[] }>;
  syncToFs(): Promise<void>;
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, Parser>;
}

interface Statement {
  name: string;
  /** Its parameters' types, as the database described them. */
  types: number[];
  fields: { name: string; dataTypeID: number }[];
  /** Each column's parser, found once. */
  parse: (Parser | undefined)[];
  /** Runs of this text so far (across its preparations), and the run, or the time, it is prepared again at. */
  runs: number;
  againAtRun: number;
  againAt: number;
}

/** Prepared statements kept at most; the least recently used is closed to make room. */
export const STATEMENTS_KEPT = 500;

/**
 * The embedded database has no autovacuum, so its tables are never analyzed: a plan is costed on
 * their size when it is made, and PostgreSQL keeps a prepared statement's generic plan for good. One
 * made while a table was nearly empty (a sequential scan) grows slower with the table (an order's GET
 * went from 1.4 to 4 ms of CPU as its account's orders grew to 7,000). So a statement is prepared
 * again, costed on the tables as they are then, after twice the runs it had (from 64 on) and at
 * least every five minutes: a few parses, against plans that stay right as the data grows.
 */
export const PREPARED_AGAIN = { firstRuns: 64, everyMs: 5 * 60_000 };

/** Statements whose plan may be kept: reads and writes. */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Makes `pglite.query` and its transactions' `query` run statements with parameters as prepared
 * statements (others as before). Answers the same `Results` PGlite does (`rows` as objects, `fields`,
 * `affectedRows`) and throws the same errors.
 */
export function preparedStatements(
  pglite: PgliteInstance,
  module: typeof Pglite,
  { kept = STATEMENTS_KEPT, firstRuns = PREPARED_AGAIN.firstRuns, everyMs = PREPARED_AGAIN.everyMs }: { kept?: number; firstRuns?: number; everyMs?: number } = {},
): void {
  const { serialize } = module.protocol;
  const { parseDescribeStatementResults } = module.parse;
  const defaultParsers = (module.types as unknown as { parsers: Record<number, Parser> }).parsers;
  const statements = new Map<string, Statement>(); // in order of last use
  /** Names of statements forgotten but not yet closed in the database. */
  const stale: string[] = [];
  let named = 0;
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);

  const prepare = async (text: string, runs = 0): Promise<Statement> => {
    const name = `vtp_${++named}`;
    if (statements.size >= kept) {
      const [oldest, statement] = statements.entries().next().value!;
      statements.delete(oldest);
      stale.push(statement.name);
    }
    const parts = stale.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const { messages } = await pglite.execProtocol(Buffer.concat(parts), { syncToFs: false });
    const description = messages.find((m) => m.name === 'rowDescription') as unknown as { fields: { name: string; dataTypeID: number }[] } | undefined;
    const fields = (description?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    const statement: Statement = {
      name,
      types: parseDescribeStatementResults(messages),
      fields,
      parse: fields.map((f) => pglite.parsers[f.dataTypeID] ?? defaultParsers[f.dataTypeID]),
      runs,
      againAtRun: Math.max(firstRuns, 2 * runs),
      againAt: Date.now() + everyMs,
    };
    statements.set(text, statement);
    return statement;
  };

  const execute = async (statement: Statement, params: unknown[]): Promise<Pglite.Results> => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[statement.types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      Buffer.concat([serialize.bind({ statement: statement.name, values: values as string[] }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    const rows: Record<string, unknown>[] = [];
    const { fields, parse } = statement;
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const cells = (message as unknown as { fields: (string | null)[] }).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const cell = cells[i];
          const parser = parse[i];
          row[fields[i]!.name] = cell === null || cell === undefined ? null : parser ? parser(cell, fields[i]!.dataTypeID) : cell;
        }
        rows.push(row);
      } else if (message.name === 'commandComplete') {
        // `INSERT 0 3`, `UPDATE 2`...: the rows written, as PGlite counts them.
        const words = (message as unknown as { text: string }).text.split(' ');
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(words[0]!)) affectedRows += Number.parseInt(words.at(-1)!, 10) || 0;
      }
    }
    return { rows, fields, affectedRows };
  };

  /** The statement of `text`, prepared now if it has none or its plan is due to be made again. */
  const statementOf = async (text: string): Promise<Statement> => {
    let statement = statements.get(text);
    if (statement) statements.delete(text); // back at the end: the most recently used
    if (statement && (statement.runs >= statement.againAtRun || Date.now() >= statement.againAt)) {
      stale.push(statement.name);
      statement = await prepare(text, statement.runs); // costed on the tables as they are now
    } else if (statement) {
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    statement.runs++;
    return statement;
  };
  /** Forgets the statement of `text` (closed with the next preparation). */
  const forget = (text: string): void => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    stale.push(statement.name);
  };

  /**
   * Runs `text` prepared, under the query lock. A plan whose result a schema change altered (0A000:
   * `select *` after a new column) is forgotten and, outside a transaction, prepared again at once
   * (`preparedAgainIfStale`, as on PostgreSQL); in one, the error has aborted it.
   */
  const run = (text: string, params: unknown[], inTransaction: boolean) =>
    pglite._runExclusiveQuery(async () => {
      const once = async () => execute(await statementOf(text), params);
      try {
        if (!inTransaction) return await preparedAgainIfStale(once, () => forget(text));
        return await once().catch((err: unknown) => {
          if (isStalePlan(err)) forget(text);
          throw err;
        });
      } catch (err) {
        throw Object.assign(err as object, { query: text, params });
      } finally {
        if (!inTransaction) await pglite.syncToFs();
      }
    });

  const preparable = (text: string, params: unknown[] | undefined, options: Pglite.QueryOptions | undefined) =>
    params !== undefined && params.length > 0 && (options === undefined || (options.rowMode === 'object' && Object.keys(options).length === 1)) && KEEPABLE.test(text);

  pglite.query = (async (text: string, params?: unknown[], options?: Pglite.QueryOptions) => {
    if (!preparable(text, params, options)) return query(text, params, options);
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() => run(text, params!, false));
  }) as Pglite.PGlite['query'];

  pglite.transaction = ((callback: (tx: Pglite.Transaction) => Promise<unknown>) =>
    transaction((tx) =>
      callback({
        query: (async (text: string, params?: unknown[], options?: Pglite.QueryOptions) => {
          if (!preparable(text, params, options)) return tx.query(text, params, options);
          if (tx.closed) throw new Error('Transaction is closed');
          return run(text, params!, true);
        }) as Pglite.Transaction['query'],
        sql: tx.sql.bind(tx),
        exec: tx.exec.bind(tx),
        rollback: tx.rollback.bind(tx),
        listen: tx.listen.bind(tx),
        get closed() {
          return tx.closed;
        },
      }),
    )) as Pglite.PGlite['transaction'];
}
