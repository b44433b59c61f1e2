import { changeOwnPassword } from '#features/accounts/handlers/change-password.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = changeOwnPassword;
export const ALL = methodNotAllowed('POST');
