import { login } from '#features/accounts/handlers/login.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = login;
export const ALL = methodNotAllowed('POST');
