import { linkRequest } from '#features/accounts/handlers/link-request.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
/** POST /api/password/forgot {email}: 202 always; a reset link is e-mailed if the account exists. */
export const POST = linkRequest('password_reset', '/forgot-password');
export const ALL = methodNotAllowed('POST');
