import { disableTwoFactorRoute } from '#features/accounts/two-factor/handlers/manage.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = disableTwoFactorRoute;
export const ALL = methodNotAllowed('POST');
