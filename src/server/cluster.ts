/**
 * The started server is supervised: a primary and WEB_CONCURRENCY worker processes (two by default;
 * docs/operations.md: Supervision). The workers share the port through node:cluster, so while one
 * is replaced the others keep serving. The primary serves nothing: it
 * starts them, replaces one that dies, stops them on a signal, and answers a worker's /metrics
 * with the figures of all of them. Everything else the workers share goes through the database
 * (sessions, rate limits, the outbox, the claims of housekeeping), exactly as between servers on
 * several machines. The scheduled work (mail delivery, housekeeping, backups) runs in one worker,
 * so a backup is never taken twice; its replacement takes the work over.
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type PrometheusContentType, type Registry } from 'prom-client';

const SCHEDULED_WORK = 'PALMETTO_SCHEDULED_WORK';
const METRICS_REQUEST = 'palmetto:metrics-request';
const METRICS_RESPONSE = 'palmetto:metrics-response';
/** A worker that dies this soon after it was started counts as failing to start. */
const QUICK_DEATH_MS = 10_000;
/** After this many quick deaths in a row the machine cannot run the server: stop, say why. */
const MAX_QUICK_DEATHS = 3;
/** How long a worker may take to answer for /metrics before the scrape fails. */
const METRICS_TIMEOUT_MS = 5_000;

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** true in a single process, and in the one worker of a cluster the primary gave the scheduled work. */
export function runsScheduledWork(): boolean {
  return !cluster.isWorker || process.env[SCHEDULED_WORK] === '1';
}

/** true in a worker of a cluster: the primary did the once-per-machine start (migrations, first admin). */
export const isClusterWorker = (): boolean => cluster.isWorker;

/**
 * The primary of a cluster: forks `workers` copies of this entry and supervises them until a
 * SIGINT or SIGTERM, which it passes on; it exits when they have (after `graceMs` and a margin it
 * kills what is left).
 */
export function runPrimary({
  workers,
  graceMs,
  exec,
  log,
}: {
  workers: number;
  graceMs: number;
  /** The server entry each worker runs (not `npm start`'s wrapper, which may build). */
  exec: string;
  log: Log;
}): void {
  cluster.setupPrimary({ exec });
  // Collects each worker's registry over IPC (prom-client's own messages) and adds them up.
  const aggregator = new AggregatorRegistry<PrometheusContentType>();
  let stopping = false;
  let quickDeaths = 0;

  const fork = (scheduledWork: boolean) => {
    const worker = cluster.fork({ [SCHEDULED_WORK]: scheduledWork ? '1' : '0' });
    const startedAt = Date.now();
    worker.on('message', (message: unknown) => answerMetrics(aggregator, worker, message));
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      quickDeaths = Date.now() - startedAt < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
      if (quickDeaths >= MAX_QUICK_DEATHS) {
        log.error({ code, signal }, 'server processes keep stopping as they start; stopping the server');
        stop(1);
        return;
      }
      log.error({ pid: worker.process.pid, code, signal, scheduledWork }, 'a server process stopped; starting another');
      fork(scheduledWork);
    });
  };

  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (running.length === 0) process.exit(exitCode);
    let left = running.length;
    for (const worker of running) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
      process.exit(exitCode);
    }, graceMs + 5_000).unref();
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(0));
  for (let i = 0; i < workers; i += 1) fork(i === 0);
  log.info({ workers, pid: process.pid }, `Started ${workers} server processes`);
}

function answerMetrics(aggregator: AggregatorRegistry<PrometheusContentType>, worker: Worker, message: unknown) {
  if (!isMessage(message, METRICS_REQUEST)) return;
  const { id } = message;
  aggregator.clusterMetrics().then(
    (text) => worker.isConnected() && worker.send({ type: METRICS_RESPONSE, id, text }),
    (error: unknown) =>
      worker.isConnected() &&
      worker.send({ type: METRICS_RESPONSE, id, error: error instanceof Error ? error.message : String(error) }),
  );
}

/**
 * In a worker: what /metrics serves, the figures of every worker added up (asked of the
 * primary, which asks each worker for `registry`). Outside a cluster: undefined (the process's
 * own registry is the whole story).
 */
export function clusterMetrics(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  // Constructing it in a worker installs prom-client's answer to the primary's request.
  new AggregatorRegistry<PrometheusContentType>();
  AggregatorRegistry.setRegistries([registry]);
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage(message, METRICS_RESPONSE)) return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (typeof message.text === 'string') request.resolve(message.text);
    else request.reject(new Error(String(message.error ?? 'no metrics')));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the other server processes did not answer for /metrics'));
      }, METRICS_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send!({ type: METRICS_REQUEST, id });
    });
}

function isMessage(
  message: unknown,
  type: string,
): message is { type: string; id: number; text?: unknown; error?: unknown } {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === type &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}
