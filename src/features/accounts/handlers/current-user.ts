import { defineRead } from '#server/http/mutation.ts';
import { jsonError, jsonOk } from '#server/http/responses.ts';
import { AUTH } from '../copy.ts';
import { publicUser } from '../users.server.ts';

/** GET /api/user: the signed-in user, or 401 when nobody is (islands read 401 as "no user"). */
export const currentUser = defineRead({
  access: 'public',
  handle: ({ user }) => (user ? jsonOk(publicUser(user)) : jsonError(401, AUTH.notSignedIn)),
});
