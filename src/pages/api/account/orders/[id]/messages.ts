import { postCustomerOrderMessage } from '#features/messages/handlers/order-messages.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postCustomerOrderMessage;
export const ALL = methodNotAllowed('POST');
