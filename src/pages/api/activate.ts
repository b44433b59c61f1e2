import { tokenPassword } from '#features/accounts/handlers/token-password.ts';
import { landing } from '#server/http/mutation.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
/** POST /api/activate {token, password}: activates a pending account and signs it in. */
export const POST = tokenPassword('activation', '/activate-account', landing('/account', 'activated'));
export const ALL = methodNotAllowed('POST');
