import { postConfirmEmail } from '#features/accounts/handlers/address-links.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postConfirmEmail;
export const ALL = methodNotAllowed('POST');
