import type { APIRoute } from 'astro';
import { mimeType } from '../../server/api/read-input';
import { methodNotAllowed, seeOther } from '../../server/api/responses';
import { signOut } from '../../server/auth/request-session';
import { getDatabase } from '../../server/db';

export const prerender = false;

/** POST /api/logout: ends this session (the row is deleted): 204, or 303 to /auth for a plain form. */
export const POST: APIRoute = async (context) => {
  await signOut(await getDatabase(), context);
  const type = mimeType(context.request.headers.get('content-type'));
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data')
    return seeOther('/auth?loggedOut=1');
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
};

export const ALL = methodNotAllowed('POST');
