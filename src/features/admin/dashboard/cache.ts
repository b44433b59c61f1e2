/**
 * A tiny in-process cache for the dashboard's aggregates. Counting and summing a large orders
 * table is the dashboard's only costly work; admins do not need those numbers to the second,
 * so each process keeps them for a short while. Per process on purpose: with several app
 * servers each has its own copy, so a number may lag by up to the TTL, never longer. Concurrent
 * requests for an expired value share one load (single flight) instead of each running it.
 */
interface Entry<T> {
  expires: number;
  value: Promise<T>;
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
    const value = load();
    this.#entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load must not be served for the whole TTL: forget it so the next request retries.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  /** Drop everything, e.g. after this process changed what the numbers count. */
  clear() {
    this.#entries.clear();
  }
}
