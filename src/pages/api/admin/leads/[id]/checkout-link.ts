import { postLeadCheckoutLink } from '#features/leads/admin/handlers/lead-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postLeadCheckoutLink;
export const ALL = methodNotAllowed('POST');
