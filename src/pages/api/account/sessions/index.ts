import { listSessions } from '#features/accounts/handlers/sessions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = listSessions;
export const ALL = methodNotAllowed('GET');
