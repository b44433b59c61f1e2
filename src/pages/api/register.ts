import type { APIRoute } from 'astro';
import { AUTH } from '../../lib/messages';
import { registerSchema } from '../../lib/schemas/auth';
import { tooMany, withParam } from '../../server/api/auth-responses';
import { clientAddress } from '../../server/api/client-address';
import { readInput } from '../../server/api/read-input';
import { jsonError, jsonOk, methodNotAllowed, seeOther } from '../../server/api/responses';
import { registerUser } from '../../server/auth/accounts';
import { safeReturnPath, signIn } from '../../server/auth/request-session';
import { getDatabase } from '../../server/db';
import { AUTH_LIMITS, consumeToken } from '../../server/security/rate-limit';

export const prerender = false;

/** POST /api/register {name, email, password}: 201 with the user, signed in; 400 field errors; 409 e-mail taken. */
export const POST: APIRoute = async (context) => {
  const { request, url } = context;
  const next = safeReturnPath(url.searchParams.get('next'));
  const result = await readInput(request, url, registerSchema, { maxBytes: 8 * 1024, acceptForm: true });
  const form = result.kind === 'form';
  const failPage = (error: string) => withParam(`/auth?next=${encodeURIComponent(next)}`, 'error', error) + '#register';
  if (!result.ok)
    return form
      ? seeOther(failPage('invalid'))
      : jsonError(result.failure.status, result.failure.error, { fields: result.failure.fields });

  const database = await getDatabase();
  const limit = await consumeToken(database.writes, AUTH_LIMITS.register, clientAddress(context));
  if (!limit.ok) return tooMany(limit, form ? failPage('limited') : null);

  const registered = await registerUser(database, result.input);
  if (!registered.ok) {
    if (registered.reason === 'taken') return form ? seeOther(failPage('taken')) : jsonError(409, AUTH.emailTaken);
    return form
      ? seeOther(failPage('common'))
      : jsonError(400, AUTH.passwordCommon, { fields: { password: [AUTH.passwordCommon] } });
  }
  await signIn(database, context, registered.user.id);
  return form ? seeOther(next) : jsonOk(registered.user, 201);
};

export const ALL = methodNotAllowed('POST');
