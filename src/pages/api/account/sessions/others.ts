import type { APIRoute } from 'astro';
import { mimeType } from '../../../../server/api/read-input';
import { methodNotAllowed, seeOther } from '../../../../server/api/responses';
import { invalidateUserSessionsStatement } from '../../../../server/auth/session';
import { getDatabase } from '../../../../server/db';

export const prerender = false;

/** POST /api/account/sessions/others: signs out every other device: 204, or 303 for a plain form. */
export const POST: APIRoute = async ({ locals, request }) => {
  const database = await getDatabase();
  await database.writes.run([invalidateUserSessionsStatement(locals.user!.id, locals.session!.id)]);
  const type = mimeType(request.headers.get('content-type'));
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data')
    return seeOther('/account?notice=others-ended');
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
};

export const ALL = methodNotAllowed('POST');
