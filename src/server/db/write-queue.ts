import type { Client, InStatement, ResultSet } from '@libsql/client';

interface Unit {
  statements: InStatement[];
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Each caller's statements form one atomic unit; units that arrive while
 * a commit is in flight are committed together in the next transaction. A caller's
 * promise resolves only after its unit is durably committed, so "acknowledge after
 * commit" stays true while hundreds of requests share one fsync. If a combined
 * transaction fails, its units are retried one by one so one bad unit fails alone.
 * One queue per process also serialises our writes, which keeps SQLITE_BUSY away.
 */
export class WriteQueue {
  readonly #client: Client;
  readonly #maxUnits: number;
  #pending: Unit[] = [];
  #draining = false;

  constructor(client: Client, maxUnits = 256) {
    this.#client = client;
    this.#maxUnits = maxUnits;
  }

  /** Commits `statements` atomically (with whatever else is queued); resolves with their results. */
  run(statements: InStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ statements, resolve, reject });
      if (!this.#draining) {
        this.#draining = true;
        // Let requests that arrived in the same turn of the event loop join this commit.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const units = this.#pending.splice(0, this.#maxUnits);
        await this.#commit(units);
      }
    } finally {
      this.#draining = false;
    }
  }

  async #commit(units: Unit[]): Promise<void> {
    try {
      const results = await this.#client.batch(
        units.flatMap((u) => u.statements),
        'write',
      );
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
          unit.resolve(await this.#client.batch(unit.statements, 'write'));
        } catch (unitError) {
          unit.reject(unitError);
        }
      }
    }
  }
}
