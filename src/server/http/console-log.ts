/**
 * The server's log is one JSON object per line. Feature modules and Astro's runtime report
 * problems with console.error/warn (they run in the Astro bundle, which has no logger of its
 * own); the server entry routes the console through the host's pino logger so those lines get
 * the same shape, level and redaction (LOG_REDACTION in app.ts) as every other line.
 */
import { format } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';

type Level = 'error' | 'warn' | 'info' | 'debug';

/** Replaces console.error/warn/info/log/debug with one pino line each; an Error argument becomes `err`. */
export function consoleToLog(log: FastifyBaseLogger): void {
  const line =
    (level: Level) =>
    (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const msg = rest.length > 0 ? format(...rest) : err instanceof Error ? err.message : '';
      if (err) log[level]({ err }, msg);
      else log[level](msg);
    };
  console.error = line('error');
  console.warn = line('warn');
  console.info = line('info');
  console.log = line('info');
  console.debug = line('debug');
}
