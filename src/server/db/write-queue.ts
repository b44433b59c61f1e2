import type { Client, InStatement, ResultSet, Transaction } from '@libsql/client';
import { signal } from '../signals.ts';

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

  /** Commits `statements` atomically (with whatever else is queued); resolves with their results. */
  run(statements: InStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => this.#enqueue({ statements, resolve, reject }));
  }

  /**
   * Runs `fn` in a write transaction of its own, between group commits: committed when
   * `fn` resolves, rolled back when it throws. Keep it short: other writes wait for it.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) =>
      this.#enqueue({
        run: async () => {
          let tx: Transaction | undefined;
          const started = performance.now();
          let ok = false;
          try {
            // BEGIN itself can fail (busy past the timeout, a remote error): reject, never throw out of the queue.
            tx = await this.#client.transaction('write');
            const result = await fn(tx);
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
