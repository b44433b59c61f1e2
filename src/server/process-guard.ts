/**
 * The server outlives its own bugs. An exception thrown from a timer, a stream callback or an
 * event handler, or a promise nobody awaited, would end a Node process by default; every page
 * would then fail until someone restarted it. Here it is logged (with its stack) and the process
 * goes on serving: each request has its own state, and the shared state is in the database,
 * where a half-finished write is rolled back, never half kept.
 *
 * What this cannot catch (a native crash, running out of memory, SIGKILL) ends the process; the
 * primary (src/server/cluster.ts) then starts another while the other workers keep serving.
 */
export interface GuardLog {
  error(obj: object, msg: string): void;
}

/** The two events Node would otherwise end the process on. */
const FATAL_BY_DEFAULT = ['uncaughtException', 'unhandledRejection'] as const;

/** Keeps this process alive past an uncaught exception or rejection; returns how to remove the guard (tests). */
export function keepServingPastBugs(log: GuardLog, onBug: () => void = () => {}): () => void {
  const report = (kind: string) => (error: unknown) => {
    try {
      onBug();
      log.error(
        { err: error instanceof Error ? error : new Error(String(error)), kind },
        `${kind}: logged, still serving`,
      );
    } catch {
      // The logger itself failed (a closed stream): there is nowhere left to report to.
    }
  };
  const handlers = FATAL_BY_DEFAULT.map((event) => [event, report(event)] as const);
  for (const [event, handler] of handlers) process.on(event, handler);
  return () => {
    for (const [event, handler] of handlers) process.off(event, handler);
  };
}
