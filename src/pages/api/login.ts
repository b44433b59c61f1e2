import type { APIRoute } from 'astro';
import { AUTH } from '../../lib/messages';
import { loginSchema } from '../../lib/schemas/auth';
import { tooMany, withParam } from '../../server/api/auth-responses';
import { clientAddress } from '../../server/api/client-address';
import { readInput } from '../../server/api/read-input';
import { jsonError, jsonOk, methodNotAllowed, seeOther } from '../../server/api/responses';
import { authenticate } from '../../server/auth/accounts';
import { safeReturnPath, signIn } from '../../server/auth/request-session';
import { getDatabase } from '../../server/db';
import { AUTH_LIMITS, consumeToken, returnToken } from '../../server/security/rate-limit';

export const prerender = false;

/**
 * POST /api/login {email, password}: 200 with the user and a new session cookie; 401
 * 'Invalid email or password' whether or not the e-mail exists; 429 after 5 failures
 * for one e-mail in 15 minutes. A plain form post gets a 303 instead.
 */
export const POST: APIRoute = async (context) => {
  const { request, url } = context;
  const next = safeReturnPath(url.searchParams.get('next'));
  const result = await readInput(request, url, loginSchema, { maxBytes: 8 * 1024, acceptForm: true });
  const failPage = (error: string) => withParam(`/auth?next=${encodeURIComponent(next)}`, 'error', error) + '#login';
  const form = result.kind === 'form';
  if (!result.ok)
    return form
      ? seeOther(failPage('invalid'))
      : jsonError(result.failure.status, result.failure.error, { fields: result.failure.fields });

  const database = await getDatabase();
  const { email, password } = result.input;
  const ipLimit = await consumeToken(database.writes, AUTH_LIMITS.loginIp, clientAddress(context));
  if (!ipLimit.ok) return tooMany(ipLimit, form ? failPage('limited') : null);
  // Spend the e-mail's token before checking the password, so parallel guesses cannot all
  // slip past the limit; a successful login gives it back (only failures count).
  const emailLimit = await consumeToken(database.writes, AUTH_LIMITS.loginEmail, email);
  if (!emailLimit.ok) return tooMany(emailLimit, form ? failPage('limited') : null);

  const user = await authenticate(database, email, password);
  if (!user) return form ? seeOther(failPage('credentials')) : jsonError(401, AUTH.invalidCredentials);
  await returnToken(database.writes, AUTH_LIMITS.loginEmail, email);
  await signIn(database, context, user.id);
  return form ? seeOther(next) : jsonOk(user);
};

export const ALL = methodNotAllowed('POST');
