import { setupTwoFactor } from '#features/accounts/two-factor/handlers/manage.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = setupTwoFactor;
export const ALL = methodNotAllowed('POST');
