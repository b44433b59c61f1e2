/**
 * A minimum rate for request bodies (Apache mod_reqtimeout's `body=20,MinRate=500`): a body has
 * `graceMs` to start, and every `bytesPerSecond` bytes received buy one more second. A client
 * trickling one byte every 5 s is cut after about 20 s; a 10 MB photo at 100 KB/s (200 times the
 * minimum) never comes near its deadline, however long it takes. A fixed deadline for the whole
 * request could not do both: long enough for the photo, it let 1,000 trickling connections hold
 * every slot for minutes.
 *
 * Bytes are counted on the socket (`bytesRead`), as they arrive from the network: whether and how
 * fast a route reads its body does not matter, and a body that keeps coming after the route has
 * answered (Node reads the rest before the connection can be reused) is watched too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface BodyRateRule {
  /** How long a body may take before any allowance is earned. */
  graceMs: number;
  /** Each this many bytes received extend the deadline by one second. */
  bytesPerSecond: number;
}

/** When a body that started at `startedAt` and has brought `received` bytes so far must be complete. */
export function bodyDeadline(rule: BodyRateRule, startedAt: number, received: number): number {
  return startedAt + rule.graceMs + (received * 1000) / rule.bytesPerSecond;
}

/** Does this request carry a body (a declared length above zero, or a chunked one)? */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

interface Watched {
  req: IncomingMessage;
  res: ServerResponse;
  /**
   * The connection, kept from the start: `req.socket` is not stable. A route that stops reading a
   * body it refuses (a photo over the cap) makes Node's stream iterator destroy the request, and
   * that sets `req.socket` to null (node:internal/streams/destroy) while the upload still arrives.
   */
  socket: Socket;
  startedAt: number;
  /** The socket's byte count when the request's headers were parsed. */
  baseline: number;
}

/**
 * Watches the bodies of requests handed to `watch` and calls `onTooSlow` (once) for a body that
 * falls behind the rule; it stops watching a body once it is complete or its socket is gone.
 * One sweep every `checkEveryMs` for all requests: no timer per request.
 */
export function bodyRateGuard(
  rule: BodyRateRule,
  onTooSlow: (req: IncomingMessage, res: ServerResponse, socket: Socket) => void,
  {
    checkEveryMs = Math.max(50, Math.min(1000, rule.graceMs / 4)),
    now = () => Date.now(),
    onError = (_error: unknown) => {},
  } = {},
) {
  const watched = new Set<Watched>();
  const check = (entry: Watched, time: number) => {
    const { req, res, socket } = entry;
    if (req.complete || socket.destroyed) {
      watched.delete(entry);
      return;
    }
    if (time > bodyDeadline(rule, entry.startedAt, socket.bytesRead - entry.baseline)) {
      watched.delete(entry);
      onTooSlow(req, res, socket);
    }
  };
  const sweep = () => {
    const time = now();
    for (const entry of watched) {
      // A timer callback that throws ends the process: one bad entry is dropped and reported.
      try {
        check(entry, time);
      } catch (error) {
        watched.delete(entry);
        onError(error);
      }
    }
  };
  const timer = setInterval(sweep, checkEveryMs);
  timer.unref();
  return {
    watch(req: IncomingMessage, res: ServerResponse) {
      const socket = req.socket as Socket | null;
      if (req.complete || !hasBody(req) || !socket) return;
      watched.add({ req, res, socket, startedAt: now(), baseline: socket.bytesRead });
    },
    /** How many bodies are being watched (tests). */
    get size() {
      return watched.size;
    },
    stop() {
      clearInterval(timer);
      watched.clear();
    },
  };
}
