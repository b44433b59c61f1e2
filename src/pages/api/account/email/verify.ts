import { postResendVerification } from '#features/accounts/handlers/address-links.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postResendVerification;
export const ALL = methodNotAllowed('POST');
