import { postDeclineQuote } from '#features/invoices/quotes/handlers/quote-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postDeclineQuote;
export const ALL = methodNotAllowed('POST');
