import { resendEmailLink } from '#features/accounts/handlers/profile.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = resendEmailLink;
export const ALL = methodNotAllowed('POST');
