import { register } from '#features/accounts/handlers/register.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = register;
export const ALL = methodNotAllowed('POST');
