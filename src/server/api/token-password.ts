import type { APIContext } from 'astro';
import { AUTH } from '../../lib/messages';
import { tokenPasswordSchema } from '../../lib/schemas/auth';
import { setPasswordWithToken } from '../auth/accounts';
import type { TokenPurpose } from '../auth/account-tokens.mjs';
import { signIn } from '../auth/request-session';
import { getDatabase } from '../db';
import { AUTH_LIMITS, consumeToken } from '../security/rate-limit';
import { tooMany } from './auth-responses';
import { clientAddress } from './client-address';
import { readInput } from './read-input';
import { jsonError, jsonOk, seeOther } from './responses';

const TOKEN_ERRORS = { invalid: AUTH.tokenInvalid, expired: AUTH.tokenExpired, used: AUTH.tokenUsed } as const;

/**
 * Activation and password reset share one flow: check the link, set the password, end
 * every session, sign in on this device. `page` is the form's page (for plain form posts).
 */
export async function handleTokenPassword(context: APIContext, purpose: TokenPurpose, page: string, done: string) {
  const { request, url } = context;
  const result = await readInput(request, url, tokenPasswordSchema, { maxBytes: 8 * 1024, acceptForm: true });
  const form = result.kind === 'form';
  const presented = result.ok ? result.input.token : result.raw?.token;
  const token = typeof presented === 'string' ? presented : '';
  const backTo = (error: string) => `${page}?token=${encodeURIComponent(token)}&error=${error}`;
  const back = (error: string) => seeOther(backTo(error));
  if (!result.ok) {
    if (form) return back('invalid-password');
    return jsonError(result.failure.status, result.failure.error, { fields: result.failure.fields });
  }
  const database = await getDatabase();
  const limit = await consumeToken(database.writes, AUTH_LIMITS.setPassword, clientAddress(context));
  if (!limit.ok) return tooMany(limit, form ? backTo('limited') : null);

  const outcome = await setPasswordWithToken(database, result.input.token, purpose, result.input.password);
  if (!outcome.ok) {
    if (outcome.reason === 'common-password') {
      return form
        ? back('common')
        : jsonError(400, AUTH.passwordCommon, { fields: { password: [AUTH.passwordCommon] } });
    }
    return form
      ? back(outcome.reason)
      : jsonError(400, TOKEN_ERRORS[outcome.reason], { fields: { token: [TOKEN_ERRORS[outcome.reason]] } });
  }
  await signIn(database, context, outcome.user.id);
  return form ? seeOther(done) : jsonOk(outcome.user);
}
