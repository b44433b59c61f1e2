import { defineMutation, landing, navigate } from '#server/http/mutation.ts';
import { signOut } from '../request-session.server.ts';

/** Where signing out lands: /auth, saying so. */
export const SIGNED_OUT = landing('/auth', 'logged-out');

/**
 * POST /api/logout: ends this session (the row is deleted): 204 (the island goes to /auth
 * itself), or 303 to /auth for a plain form; either way /auth says 'Logged out' once.
 */
export const logout = defineMutation({
  access: 'public',
  schema: null,
  formFailure: () => landing('/account', 'logout-failed'),
  async handle({ database, context }) {
    await signOut(database, context);
    return navigate(SIGNED_OUT);
  },
});
