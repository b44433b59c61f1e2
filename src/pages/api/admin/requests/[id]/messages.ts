import { postAgencyRequestMessage } from '#features/requests/handlers/request-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postAgencyRequestMessage;
export const ALL = methodNotAllowed('POST');
