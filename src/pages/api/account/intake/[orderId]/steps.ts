import { postSteps } from '#features/intake/handlers/intake-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postSteps;
export const ALL = methodNotAllowed('POST');
