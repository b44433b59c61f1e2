import { postReschedule } from '#features/bookings/handlers/manage.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postReschedule;
export const ALL = methodNotAllowed('POST');
