import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import { changePassword } from '../accounts.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH } from '../copy.ts';
import { signIn } from '../request-session.server.ts';
import { changePasswordSchema } from '../schemas.ts';

const accountNotice = (notice: string) => landing('/account/profile#password', notice);

/**
 * POST /api/account/password {currentPassword, newPassword}: changes the password, ends
 * every session of the user (other devices are signed out) and starts a new one here.
 */
export const changeOwnPassword = defineMutation({
  access: 'user',
  schema: changePasswordSchema,
  limits: [{ rule: AUTH_LIMITS.setPassword, key: 'user' }],
  formFailure: (code) => accountNotice(code === 'invalid' ? 'password-invalid' : code),
  async handle({ input, user, database, context, clientAddress }) {
    const changed = await changePassword(database, user.id, input.currentPassword, input.newPassword, Date.now(), {
      ip: clientAddress,
    });
    if (!changed.ok) {
      return changed.reason === 'wrong-password'
        ? fail(400, AUTH.wrongCurrentPassword, changed.reason, { currentPassword: [AUTH.wrongCurrentPassword] })
        : fail(400, AUTH.passwordCommon, changed.reason, { newPassword: [AUTH.passwordCommon] });
    }
    await signIn(database, context, user.id);
    return done(accountNotice('password-changed'), 200, { message: AUTH.passwordChanged });
  },
});
