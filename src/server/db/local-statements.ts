/**
 * `execute` for a local database file, with its prepared statements kept. @libsql/client
 * prepares every statement again on every call and builds each row with Object.defineProperty
 * per column; at 100,000 rows an admin page spent about a tenth of its time there
 * (scripts/bench-admin.ts, profiled). This keeps one prepared statement per SQL text on a
 * connection of its own and builds rows the same shape as the client's: named columns as
 * enumerable properties (the first of a repeated name wins), positions and `length` readable
 * but not enumerable (drizzle reads a builder query's row by position, a raw query's by name).
 * Transactions and batches stay the client's, each on its own connection as before. Any error
 * is left to the client's own `execute`, which runs the statement again and fails with the
 * error codes the rest of the code knows (a failed statement changed nothing).
 */
import type { Client, InArgs, InStatement, InValue, ResultSet, Row } from '@libsql/client';
import Database from 'libsql';

/** Distinct SQL texts kept prepared: the app has a few hundred; past this the cache starts over. */
const MAX_STATEMENTS = 1000;

type Statement = ReturnType<InstanceType<typeof Database>['prepare']>;
interface Prepared {
  statement: Statement;
  /** null: the statement returns no rows (run, not all). */
  shape: { columns: string[]; columnTypes: string[]; Row: new (values: unknown[]) => Row } | null;
}

/** A row class for one statement's columns: names own and enumerable, positions through the prototype. */
function rowClass(columns: string[]): new (values: unknown[]) => Row {
  const names = columns.map((name, i) => (columns.indexOf(name) === i ? name : null));
  class ResultRow {
    // Private: not an own property a spread, JSON or Object.keys would see.
    #values: unknown[];
    constructor(values: unknown[]) {
      this.#values = values;
      for (let i = 0; i < names.length; i += 1) {
        const name = names[i];
        if (name !== null && name !== undefined) (this as Record<string, unknown>)[name] = values[i];
      }
    }
    static at(row: ResultRow, i: number) {
      return row.#values[i];
    }
  }
  Object.defineProperty(ResultRow.prototype, 'length', { value: columns.length });
  for (let i = 0; i < columns.length; i += 1) {
    Object.defineProperty(ResultRow.prototype, i, {
      get(this: ResultRow) {
        return ResultRow.at(this, i);
      },
    });
  }
  return ResultRow as unknown as new (values: unknown[]) => Row;
}

/** What the client does to an argument (libsql's sqlite3 valueToSql, number mode). */
function toSql(value: InValue | undefined): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('Only finite numbers can be passed as arguments');
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

/** What the client gives back for a value (a blob as its ArrayBuffer). */
const fromSql = (value: unknown) => (value instanceof Buffer ? value.buffer : value);

function bind(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (!args) return [];
  if (Array.isArray(args)) return args.map(toSql);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.slice(1) : name] = toSql(value);
  }
  return named;
}

/**
 * Gives `client` (a local file's) an `execute` that keeps its statements prepared, on its own
 * connection to `path`; `close` closes that connection too.
 */
export function keepStatementsPrepared(client: Client, path: string, timeoutMs: number): Client {
  const connection = new Database(path, { timeout: timeoutMs });
  const cache = new Map<string, Prepared>();
  const clientExecute = client.execute.bind(client);
  const clientClose = client.close.bind(client);

  const shapeOf = (statement: Statement): Prepared['shape'] => {
    const described = statement.columns() as { name: string; type?: string | null }[];
    const columns = described.map((c) => c.name);
    return { columns, columnTypes: described.map((c) => c.type ?? ''), Row: rowClass(columns) };
  };

  const prepared = (sql: string): Prepared => {
    let entry = cache.get(sql);
    if (entry) return entry;
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    const statement = connection.prepare(sql);
    const reader = statement.reader;
    if (reader) statement.raw(true);
    entry = { statement, shape: reader ? shapeOf(statement) : null };
    cache.set(sql, entry);
    return entry;
  };

  const run = (sql: string, args: InArgs | undefined): ResultSet => {
    const entry = prepared(sql);
    const { statement } = entry;
    const values = bind(args);
    if (entry.shape) {
      const raw = statement.all(values) as unknown[][];
      // The schema changed since it was prepared (`SELECT *` after a new column): SQLite prepared
      // it again as it ran; describe it again too.
      if (raw.length > 0 && raw[0]!.length !== entry.shape.columns.length) entry.shape = shapeOf(statement);
      const { Row, columns, columnTypes } = entry.shape!;
      const rows = raw.map((row) => new Row(row.map(fromSql)));
      return resultSet(columns, columnTypes, rows, 0, undefined);
    }
    const info = statement.run(values) as { changes: number; lastInsertRowid: number | bigint };
    return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
  };

  const execute = (async (stmtOrSql: InStatement | string, args?: InArgs) => {
    const stmt: InStatement = typeof stmtOrSql === 'string' ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    try {
      return run(stmt.sql, stmt.args);
    } catch {
      // The statement may be left mid-step: prepare it afresh next time.
      cache.delete(stmt.sql);
      return clientExecute(stmt);
    }
  }) as Client['execute'];

  return Object.assign(client, {
    execute,
    close() {
      cache.clear();
      connection.close();
      clientClose();
    },
  });
}

function resultSet(
  columns: string[],
  columnTypes: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.map((row) => Array.from({ length: columns.length }, (_, i) => row[i])),
      rowsAffected,
      lastInsertRowid: lastInsertRowid === undefined ? null : String(lastInsertRowid),
    }),
  };
}
