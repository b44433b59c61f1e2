import { methodNotAllowed } from '../../server/api/responses';
import type { APIRoute } from 'astro';
import { handleTokenPassword } from '../../server/api/token-password';

export const prerender = false;

/** POST /api/activate {token, password}: activates a pending account and signs it in. */
export const POST: APIRoute = (context) =>
  handleTokenPassword(context, 'activation', '/activate-account', '/account?notice=activated');

export const ALL = methodNotAllowed('POST');
