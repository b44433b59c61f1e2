import { signInCode } from '#features/accounts/two-factor/handlers/sign-in-code.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = signInCode;
export const ALL = methodNotAllowed('POST');
