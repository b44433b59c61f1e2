import { adminMessages } from '#features/contact/admin/handlers/latest-messages.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = adminMessages;
export const ALL = methodNotAllowed('GET');
