import type { FastifyInstance } from 'fastify';

/**
 * A graceful close with a deadline. Fastify's close waits for every open request, so one
 * stalled client would keep a deploy or Ctrl-C waiting forever: after `graceMs` whatever is
 * still open is cut. Nothing acknowledged is lost by that: a request is answered only after
 * its writes are committed, so a cut request was never told it succeeded.
 */
export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<'graceful' | 'forced'> {
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'forced'>((resolve) => {
    timer = setTimeout(() => resolve('forced'), graceMs);
  });
  const outcome = await Promise.race([closing.then(() => 'graceful' as const), deadline]);
  clearTimeout(timer);
  if (outcome === 'forced') {
    app.server.closeAllConnections();
    await closing;
  }
  return outcome;
}
