import { postBlock } from '#features/bookings/admin/handlers/admin-bookings.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postBlock;
export const ALL = methodNotAllowed('POST');
