import { postRenewLeadCheckoutLink } from '#features/leads/admin/handlers/lead-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postRenewLeadCheckoutLink;
export const ALL = methodNotAllowed('POST');
