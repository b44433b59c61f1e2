import { methodNotAllowed } from '../../../server/api/responses';
import type { APIRoute } from 'astro';
import { handleLinkRequest } from '../../../server/api/link-request';

export const prerender = false;

/** POST /api/activation/request {email}: 202 always; a new activation link goes to a pending account. */
export const POST: APIRoute = (context) => handleLinkRequest(context, 'activation', '/activate-account');

export const ALL = methodNotAllowed('POST');
