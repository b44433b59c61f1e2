import { methodNotAllowed } from '../../../server/api/responses';
import type { APIRoute } from 'astro';
import { handleTokenPassword } from '../../../server/api/token-password';

export const prerender = false;

/** POST /api/password/reset {token, password}: sets a new password, ends every session, signs in here. */
export const POST: APIRoute = (context) =>
  handleTokenPassword(context, 'password_reset', '/reset-password', '/account?notice=password-reset');

export const ALL = methodNotAllowed('POST');
