import { methodNotAllowed } from '../../../server/api/responses';
import type { APIRoute } from 'astro';
import { handleLinkRequest } from '../../../server/api/link-request';

export const prerender = false;

/** POST /api/password/forgot {email}: 202 always; a reset link is e-mailed if the account exists. */
export const POST: APIRoute = (context) => handleLinkRequest(context, 'password_reset', '/forgot-password');

export const ALL = methodNotAllowed('POST');
