import { postRemove } from '#features/intake/uploads/handlers/upload-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postRemove;
export const ALL = methodNotAllowed('POST');
