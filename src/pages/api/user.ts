import { currentUser } from '#features/accounts/handlers/current-user.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = currentUser;
export const ALL = methodNotAllowed('GET');
