import { postReopenIntake } from '#features/intake/admin/handlers/reopen.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postReopenIntake;
export const ALL = methodNotAllowed('POST');
