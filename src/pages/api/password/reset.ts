import { tokenPassword } from '#features/accounts/handlers/token-password.ts';
import { landing } from '#server/http/mutation.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
/** POST /api/password/reset {token, password}: sets a new password, ends every session, signs in here. */
export const POST = tokenPassword('password_reset', '/reset-password', landing('/account', 'password-reset'));
export const ALL = methodNotAllowed('POST');
