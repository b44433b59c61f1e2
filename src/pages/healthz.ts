import type { APIRoute } from 'astro';
import { getDatabase } from '../server/db/index.ts';
import { isReachable } from '../server/db/client.ts';

export const prerender = false;

/** Load balancers poll this: 200 when the app can reach its database, 503 otherwise. */
export const GET: APIRoute = async () => {
  const ok = await getDatabase()
    .then(isReachable)
    .catch(() => false);
  return Response.json(
    { status: ok ? 'ok' : 'unavailable', database: ok ? 'reachable' : 'unreachable' },
    { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
