import type { APIRoute } from 'astro';
import { AUTH } from '../../../lib/messages';
import { changePasswordSchema } from '../../../lib/schemas/auth';
import { tooMany } from '../../../server/api/auth-responses';
import { readInput } from '../../../server/api/read-input';
import { jsonError, jsonOk, methodNotAllowed, seeOther } from '../../../server/api/responses';
import { changePassword } from '../../../server/auth/accounts';
import { signIn } from '../../../server/auth/request-session';
import { getDatabase } from '../../../server/db';
import { AUTH_LIMITS, consumeToken } from '../../../server/security/rate-limit';

export const prerender = false;

/**
 * POST /api/account/password {currentPassword, newPassword}: changes the password, ends
 * every session of the user (other devices are signed out) and starts a new one here.
 */
export const POST: APIRoute = async (context) => {
  const { request, url, locals } = context;
  const result = await readInput(request, url, changePasswordSchema, { maxBytes: 8 * 1024, acceptForm: true });
  const form = result.kind === 'form';
  const back = (notice: string) => seeOther(`/account?notice=${notice}#password`);
  if (!result.ok)
    return form
      ? back('password-invalid')
      : jsonError(result.failure.status, result.failure.error, { fields: result.failure.fields });

  const database = await getDatabase();
  const limit = await consumeToken(database.writes, AUTH_LIMITS.setPassword, locals.user!.id);
  if (!limit.ok) return tooMany(limit, form ? '/account?notice=limited#password' : null);
  const changed = await changePassword(
    database,
    locals.user!.id,
    result.input.currentPassword,
    result.input.newPassword,
  );
  if (!changed.ok) {
    const [field, message] =
      changed.reason === 'wrong-password'
        ? ['currentPassword', AUTH.wrongCurrentPassword]
        : ['newPassword', AUTH.passwordCommon];
    return form ? back(changed.reason) : jsonError(400, message, { fields: { [field]: [message] } });
  }
  await signIn(database, context, locals.user!.id);
  return form ? back('password-changed') : jsonOk({ message: AUTH.passwordChanged });
};

export const ALL = methodNotAllowed('POST');
