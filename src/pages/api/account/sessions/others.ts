import { endOtherSessions } from '#features/accounts/handlers/sessions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = endOtherSessions;
export const ALL = methodNotAllowed('POST');
