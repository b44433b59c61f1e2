/**
 * Operational signals: the few events the platform counts (src/server/http/metrics.ts turns
 * them into Prometheus metrics). The db, e-mail and security layers report here without
 * importing any HTTP code, and nothing happens until a sink is installed.
 *
 * The sink lives on globalThis, not in this module: the Astro server bundle carries its own
 * copy of every module it imports (its write queue, its rate limits), and both copies must
 * report to the one registry the host serves.
 */
export interface Signals {
  /** Units added to (positive) or settled in (negative) a write queue. */
  writeQueueDepth: (change: number) => void;
  /** One write-queue commit (a group of units, or an interactive transaction), and whether it committed. */
  commit: (seconds: number, ok: boolean) => void;
  /** One outbox delivery attempt failed (it will be retried). */
  mailFailure: () => void;
  /** A rate limit refused a request (`rule` is the limit's name, never its key). */
  rateLimitRefusal: (rule: string) => void;
  /** A sign-in with a wrong password or an unknown e-mail. */
  signInFailure: () => void;
}

const SINK = Symbol.for('palmetto-web-studio.signals');
type Holder = { [SINK]?: Partial<Signals> };

/** Reports one event to the installed sink, if any. A sink's failure never reaches the caller. */
export function signal<K extends keyof Signals>(name: K, ...args: Parameters<Signals[K]>): void {
  const handler = (globalThis as Holder)[SINK]?.[name] as ((...a: Parameters<Signals[K]>) => void) | undefined;
  if (!handler) return;
  try {
    handler(...args);
  } catch {
    // Counting must never break the request that is being counted.
  }
}

/** Installs the process's sink (or removes it with undefined). */
export function setSignalSink(sink: Partial<Signals> | undefined): void {
  (globalThis as Holder)[SINK] = sink;
}
