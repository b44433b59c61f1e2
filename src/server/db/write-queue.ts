import type { Client, InStatement, InValue, ResultSet, Transaction } from '@libsql/client';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { signal } from '../signals.ts';
import * as schema from './schema.ts';

/** A drizzle query (insert, update, delete, or a select read in the same unit) for the write queue. */
export type WriteQuery = BatchItem<'sqlite'>;

/** What `writes.run` and `tx.batch` take: one or more queries, or a list built up as it goes. */
type Queries = Readonly<[WriteQuery, ...WriteQuery[]]> | readonly WriteQuery[];

/**
 * The typed handle inside `writes.transaction`: drizzle over the transaction's own connection,
 * so reads see the transaction's writes. `tx.batch` runs queries built elsewhere (`build`) in
 * order, with typed results as `writes.run` gives. No nested transactions (the queue already
 * holds one).
 */
export type Tx = Omit<LibSQLDatabase<typeof schema>, 'transaction' | '$client' | 'batch'> & {
  batch<T extends Queries>(queries: T): Promise<BatchResponse<T>>;
};

/**
 * A query prepared the way drizzle's own `batch` prepares it (LibSQLSession.batch in
 * drizzle-orm/libsql/session.js): its SQL for one statement of our batch, and the mapping of
 * that statement's result to the query's typed result. We batch by hand because drizzle's
 * batch opens a deferred transaction and group commit needs BEGIN IMMEDIATE ('write').
 */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: ResultSet, isFromBatch: true): unknown;
}

const prepare = (query: WriteQuery): Prepared => (query as unknown as { _prepare(): Prepared })._prepare();

const statementOf = (prepared: Prepared): { sql: string; args: InValue[] } => {
  const { sql, params } = prepared.getQuery();
  return { sql, args: params as InValue[] };
};

/** A drizzle query as a plain libSQL statement, for the few places in src/server/db that batch on the client. */
export const toStatement = (query: WriteQuery): { sql: string; args: InValue[] } => statementOf(prepare(query));

interface Unit {
  statements: InStatement[];
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
}

interface TransactionJob {
  run: () => Promise<void>;
}

/**
 * Group commit. Each caller's statements form one atomic unit; units that arrive while
 * a commit is in flight are committed together in the next transaction. A caller's
 * promise resolves only after its unit is durably committed, so "acknowledge after
 * commit" stays true while hundreds of requests share one fsync. If a combined
 * transaction fails, its units are retried one by one so one bad unit fails alone.
 * One queue per process also serialises our writes, which keeps SQLITE_BUSY away:
 * interactive transactions (read, decide, write) wait their turn through `transaction`.
 */
export class WriteQueue {
  readonly #client: Client;
  readonly #maxUnits: number;
  #pending: (Unit | TransactionJob)[] = [];
  #draining = false;

  constructor(client: Client, maxUnits = 256) {
    this.#client = client;
    this.#maxUnits = maxUnits;
  }

  /**
   * Commits `queries` atomically (with whatever else is queued); resolves after the commit
   * with their typed results, as drizzle's `batch` would (rows for `.returning()` and
   * selects, the libSQL result with `rowsAffected` otherwise).
   */
  async run<T extends Queries>(queries: T): Promise<BatchResponse<T>> {
    const prepared = queries.map(prepare);
    const statements = prepared.map(statementOf);
    const results = await new Promise<ResultSet[]>((resolve, reject) => this.#enqueue({ statements, resolve, reject }));
    // Mapped here, after the commit, so a mapping error can only fail this caller.
    return prepared.map((p, i) => p.mapResult(results[i]!, true)) as BatchResponse<T>;
  }

  /**
   * Runs `fn` in a write transaction of its own, between group commits: committed when
   * `fn` resolves, rolled back when it throws. Keep it short: other writes wait for it.
   * `tx` is drizzle bound to the transaction (typed reads and writes, `tx.batch` for
   * queries built elsewhere).
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) =>
      this.#enqueue({
        run: async () => {
          let tx: Transaction | undefined;
          const started = performance.now();
          let ok = false;
          try {
            // BEGIN itself can fail (busy past the timeout, a remote error): reject, never throw out of the queue.
            tx = await this.#client.transaction('write');
            // A libSQL transaction answers execute and batch like a client, which is all drizzle's session uses outside transaction().
            const result = await fn(drizzle(tx as unknown as Client, { schema }) as Tx);
            await tx.commit();
            ok = true;
            resolve(result);
          } catch (error) {
            await tx?.rollback().catch(() => {});
            reject(error);
          } finally {
            tx?.close();
            signal('commit', (performance.now() - started) / 1000, ok);
          }
        },
      }),
    );
  }

  #enqueue(job: Unit | TransactionJob) {
    this.#pending.push(job);
    signal('writeQueueDepth', 1);
    if (!this.#draining) {
      this.#draining = true;
      // Let requests that arrived in the same turn of the event loop join this commit.
      setImmediate(() => void this.#drain());
    }
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const first = this.#pending[0]!;
        if ('run' in first) {
          this.#pending.shift();
          await first.run(); // settles its own promise and never throws
          signal('writeQueueDepth', -1);
          continue;
        }
        const end = this.#pending.findIndex((job) => 'run' in job);
        const take = Math.min(end === -1 ? this.#pending.length : end, this.#maxUnits);
        await this.#commit(this.#pending.splice(0, take) as Unit[]);
        signal('writeQueueDepth', -take);
      }
    } finally {
      this.#draining = false;
    }
  }

  async #commit(units: Unit[]): Promise<void> {
    try {
      const results = await this.#batch(units.flatMap((u) => u.statements));
      let offset = 0;
      for (const unit of units) {
        unit.resolve(results.slice(offset, offset + unit.statements.length));
        offset += unit.statements.length;
      }
    } catch (error) {
      if (units.length === 1) {
        units[0]!.reject(error);
        return;
      }
      for (const unit of units) {
        try {
          unit.resolve(await this.#batch(unit.statements));
        } catch (unitError) {
          unit.reject(unitError);
        }
      }
    }
  }

  /** One atomic batch, timed for the commit-latency metric (src/server/signals.ts). */
  async #batch(statements: InStatement[]): Promise<ResultSet[]> {
    const started = performance.now();
    let ok = false;
    try {
      const results = await this.#client.batch(statements, 'write');
      ok = true;
      return results;
    } finally {
      signal('commit', (performance.now() - started) / 1000, ok);
    }
  }
}
