import { postMessageHandled } from '#features/contact/admin/handlers/contact-messages.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postMessageHandled;
export const ALL = methodNotAllowed('POST');
