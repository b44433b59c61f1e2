import { defineMutation, done, landing } from '#server/http/mutation.ts';
import { signOut } from '../request-session.server.ts';

/** POST /api/logout: ends this session (the row is deleted): 204, or 303 to /auth for a plain form. */
export const logout = defineMutation({
  access: 'public',
  schema: null,
  formFailure: () => landing('/account', 'logout-failed'),
  async handle({ database, context }) {
    await signOut(database, context);
    return done('/auth?loggedOut=1', 204);
  },
});
