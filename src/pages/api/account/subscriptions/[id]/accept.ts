import { postAccept } from '#features/subscriptions/handlers/subscription-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postAccept;
export const ALL = methodNotAllowed('POST');
