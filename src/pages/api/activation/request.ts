import { linkRequest } from '#features/accounts/handlers/link-request.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
/** POST /api/activation/request {email}: 202 always; a new activation link goes to a pending account. */
export const POST = linkRequest('activation', '/activate-account');
export const ALL = methodNotAllowed('POST');
