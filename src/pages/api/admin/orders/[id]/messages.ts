import { postAgencyOrderMessage } from '#features/messages/handlers/order-messages.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postAgencyOrderMessage;
export const ALL = methodNotAllowed('POST');
