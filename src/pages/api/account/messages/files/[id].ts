import { getMessageFile } from '#features/messages/handlers/order-messages.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = getMessageFile;
export const ALL = methodNotAllowed('GET', 'HEAD');
