import { logout } from '#features/accounts/handlers/logout.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = logout;
export const ALL = methodNotAllowed('POST');
