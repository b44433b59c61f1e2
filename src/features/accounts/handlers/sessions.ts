import { defineMutation, defineRead, done, landing } from '#server/http/mutation.ts';
import { jsonOk } from '#server/http/responses.ts';
import { invalidateUserSessionsStatement, listUserSessions } from '../session.server.ts';

/** GET /api/account/sessions: the signed-in user's active sessions. */
export const listSessions = defineRead({
  access: 'user',
  async handle({ context, user, database }) {
    const sessions = await listUserSessions(database, user.id);
    return jsonOk(sessions.map((s) => ({ ...s, current: s.id === context.locals.session?.id })));
  },
});

/** POST /api/account/sessions/others: signs out every other device: 204, or 303 for a plain form. */
export const endOtherSessions = defineMutation({
  access: 'user',
  schema: null,
  formFailure: () => landing('/account', 'error'),
  async handle({ user, context, commit, audit }) {
    const current = context.locals.session?.id;
    await commit([
      invalidateUserSessionsStatement(user.id, current),
      audit({ action: 'auth.sign-out-others', entityType: 'user', entityId: user.id }),
    ]);
    return done(landing('/account', 'others-ended'), 204);
  },
});
