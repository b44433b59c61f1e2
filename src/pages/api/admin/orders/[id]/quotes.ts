import { postRevisionQuote } from '#features/invoices/quotes/handlers/quote-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postRevisionQuote;
export const ALL = methodNotAllowed('POST');
