import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import { deleteAccount } from '../account-deletion.server.ts';
import { AUTH_LIMITS } from '#features/accounts/limits.ts';
import { AUTH, PROFILE } from '#features/accounts/copy.ts';
import { deleteAccountSchema } from '#features/accounts/profile-schemas.ts';
import { secureCookies } from '#features/accounts/request-session.server.ts';
import { deleteSessionCookie } from '#features/accounts/session.server.ts';

/** Where people land once the account is gone: /auth shows the notice (the home page is static). */
export const ACCOUNT_DELETED = landing('/auth', 'account-deleted');

/**
 * POST /api/account/delete {currentPassword, confirm: 'DELETE'}: cancels subscriptions,
 * anonymises the account and its orders, ends every session (this one too: the cookie is
 * cleared). JSON 200, or a 303 to /auth for a plain form.
 */
export const deleteOwnAccount = defineMutation({
  access: 'user',
  schema: deleteAccountSchema,
  limits: [{ rule: AUTH_LIMITS.accountPassword, key: 'user' }],
  formFailure: (code) => landing('/account/profile#delete-account', code === 'invalid' ? 'delete-invalid' : code),
  async handle({ input, user, database, context, clientAddress }) {
    const result = await deleteAccount(database, user.id, input.currentPassword, Date.now(), { ip: clientAddress });
    if (!result.ok) {
      return result.reason === 'admin'
        ? fail(403, PROFILE.deleteAdminRefused, 'delete-admin')
        : fail(400, AUTH.wrongCurrentPassword, 'wrong-password', { currentPassword: [AUTH.wrongCurrentPassword] });
    }
    // Outside the database: plans billed by the provider end there, stored images are removed.
    await result.afterCommit(database);
    deleteSessionCookie(context.cookies, secureCookies(context.url));
    context.locals.session = null;
    context.locals.user = null;
    return done(ACCOUNT_DELETED, 200, { message: PROFILE.accountDeleted });
  },
});
