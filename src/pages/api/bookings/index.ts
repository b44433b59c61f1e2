import { postBooking } from '#features/bookings/handlers/book.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postBooking;
export const ALL = methodNotAllowed('POST');
