/**
 * A tiny in-process cache for the dashboard's aggregates. Counting and summing a large orders
 * table is the dashboard's only costly work; admins do not need those numbers to the second,
 * so each process keeps them for a short while. Per process on purpose: with several app
 * servers each has its own copy, so a number may lag by up to the TTL, never longer. Concurrent
 * requests for an expired value share one load (single flight) instead of each running it.
 *
 * Once a value has loaded, an expired one is still answered at once while one request's load
 * replaces it (stale while revalidate): no request waits for the aggregates after the first,
 * so the numbers lag by at most the TTL plus one load.
 */
interface Entry<T> {
  expires: number;
  value: Promise<T>;
  /** The last loaded value, answered while a newer one loads. */
  loaded?: { value: T };
  refreshing?: Promise<T>;
}

export class TtlCache<T> {
  #entries = new Map<string, Entry<T>>();
  readonly ttlMs: number;
  readonly clock: () => number;

  constructor(ttlMs: number, clock: () => number = Date.now) {
    this.ttlMs = ttlMs;
    this.clock = clock;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit?.loaded) {
      hit.refreshing ??= this.#load(key, load).finally(() => {
        hit.refreshing = undefined;
      });
      // A failed refresh keeps the stale value; the next request tries again.
      hit.refreshing.catch(() => {});
      return Promise.resolve(hit.loaded.value);
    }
    if (hit) return hit.value;
    return this.#load(key, load);
  }

  #load(key: string, load: () => Promise<T>): Promise<T> {
    const value = load();
    const stale = this.#entries.get(key);
    if (!stale?.loaded) this.#entries.set(key, { expires: Number.POSITIVE_INFINITY, value });
    value.then(
      (loaded) => {
        // A clear() during the load means "what you are loading may be out of date": drop it.
        const current = this.#entries.get(key);
        if (current && (current.value === value || current === stale)) {
          this.#entries.set(key, { expires: this.clock() + this.ttlMs, value, loaded: { value: loaded } });
        }
      },
      () => {
        // A failed first load must not be served: forget it so the next request retries.
        if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
      },
    );
    return value;
  }

  /** Drop everything, e.g. after this process changed what the numbers count. */
  clear() {
    this.#entries.clear();
  }
}
