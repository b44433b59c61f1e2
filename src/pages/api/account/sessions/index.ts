import type { APIRoute } from 'astro';
import { jsonOk, methodNotAllowed } from '../../../../server/api/responses';
import { listUserSessions } from '../../../../server/auth/session';
import { getDatabase } from '../../../../server/db';

export const prerender = false;

/** GET /api/account/sessions: the signed-in user's active sessions (the guard requires a user). */
export const GET: APIRoute = async ({ locals }) => {
  const sessions = await listUserSessions(await getDatabase(), locals.user!.id);
  return jsonOk(sessions.map((s) => ({ ...s, current: s.id === locals.session?.id })));
};

export const ALL = methodNotAllowed('GET');
