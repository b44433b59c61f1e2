import { defineMutation, done, fail, landing, type FailureCode } from '#server/http/mutation.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH, PROFILE } from '../copy.ts';
import { cancelEmailChange, resendEmailChange, updateProfile } from '../profile.server.ts';
import { profileSchema } from '../profile-schemas.ts';

/**
 * Back to the Profile tab, with a notice from ACCOUNT_NOTICES (copy.ts). Its top, not an anchor:
 * the tab opens with this form, and an anchor left the tabs half under the sticky header.
 */
export const profileNotice = (notice: string) => landing('/account/profile', notice);
const formFailure = (code: FailureCode) => profileNotice(code === 'invalid' ? 'profile-invalid' : code);

/**
 * POST /api/account/profile {name, email, currentPassword?}: a new name is saved at once; a
 * new e-mail (with the current password) is only requested: a confirmation link goes to it,
 * a notice to the old address, and the account changes when the link is opened.
 */
export const saveProfile = defineMutation({
  access: 'user',
  schema: profileSchema,
  limits: [{ rule: AUTH_LIMITS.accountPassword, key: 'user' }],
  formFailure,
  async handle({ input, user, database, clientAddress }) {
    const result = await updateProfile(database, user.id, input, Date.now(), { ip: clientAddress });
    if (!result.ok) {
      switch (result.reason) {
        case 'not-found':
          return fail(401, AUTH.notSignedIn, 'signed-out');
        case 'password-needed':
          return fail(400, PROFILE.emailPasswordNeeded, 'email-password-needed', {
            currentPassword: [PROFILE.emailPasswordNeeded],
          });
        case 'wrong-password':
          return fail(400, AUTH.wrongCurrentPassword, 'wrong-password', {
            currentPassword: [AUTH.wrongCurrentPassword],
          });
        case 'taken':
          return fail(409, AUTH.emailTaken, 'email-taken', { email: [AUTH.emailTaken] });
      }
    }
    const sent = result.emailChangeSentTo;
    return done(profileNotice(sent ? 'email-change-sent' : 'profile-saved'), 200, {
      message: sent ? PROFILE.emailChangeSent : PROFILE.profileSaved,
      name: input.name,
      pendingEmail: sent,
    });
  },
});

/** POST /api/account/email/resend: a fresh link to the address waiting for confirmation. */
export const resendEmailLink = defineMutation({
  access: 'user',
  schema: null,
  limits: [{ rule: AUTH_LIMITS.emailChangeResend, key: 'user' }],
  formFailure,
  async handle({ user, database }) {
    const sent = await resendEmailChange(database, user.id);
    if (!sent) return fail(409, PROFILE.noPendingEmail, 'no-pending-email');
    return done(profileNotice('email-change-resent'), 200, { message: PROFILE.emailChangeResent });
  },
});

/** POST /api/account/email/cancel: withdraws the pending change; its link stops working. */
export const cancelEmailLink = defineMutation({
  access: 'user',
  schema: null,
  formFailure,
  async handle({ user, database, clientAddress }) {
    if (!(await cancelEmailChange(database, user.id, Date.now(), { ip: clientAddress })))
      return fail(409, PROFILE.noPendingEmail, 'no-pending-email');
    return done(profileNotice('email-change-canceled'), 200, { message: PROFILE.emailChangeCanceled });
  },
});
