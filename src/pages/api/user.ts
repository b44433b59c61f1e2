import type { APIRoute } from 'astro';
import { AUTH } from '../../lib/messages';
import { jsonError, jsonOk, methodNotAllowed } from '../../server/api/responses';
import { publicUser } from '../../server/auth/accounts';

export const prerender = false;

/** The signed-in user, or 401 when nobody is (islands read 401 as "no user"). */
export const GET: APIRoute = ({ locals }) =>
  locals.user ? jsonOk(publicUser(locals.user)) : jsonError(401, AUTH.notSignedIn);

export const ALL = methodNotAllowed('GET');
