import * as z from 'zod/mini';
import { LINK_DONE, linkPagePath } from '#server/http/link-page.ts';
import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import { resendVerification, verifyEmail } from '../email-verification.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH, PROFILE, VERIFY } from '../copy.ts';
import { CONFIRM_EMAIL_PATH, confirmEmailChange } from '../profile.server.ts';
import { VERIFY_EMAIL_PATH } from '../address-proof.server.ts';
import { profileNotice } from './profile.ts';

/** The body of a link page's button: the token from the link. */
export const linkTokenSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

/** Back to a link page after a problem: its link, the reason in the form outcome. */
const linkPage =
  (path: string) =>
  (code: string, { raw }: { raw: Record<string, unknown> }) =>
    landing(linkPagePath(path, raw), code);

const EMAIL_CHANGE_PROBLEMS = {
  invalid: PROFILE.emailChangeInvalid,
  expired: PROFILE.emailChangeExpired,
  used: PROFILE.emailChangeUsed,
  taken: PROFILE.emailChangeTaken,
} as const;

/**
 * POST /api/email/confirm {token}: the button on /confirm-email makes the e-mail change.
 * Opening the link (GET or HEAD) only shows the button.
 */
export const postConfirmEmail = defineMutation({
  access: 'public',
  schema: linkTokenSchema,
  limits: [{ rule: AUTH_LIMITS.setPassword, key: 'client' }],
  formFailure: linkPage(CONFIRM_EMAIL_PATH),
  async handle({ input, database, clientAddress }) {
    const result = await confirmEmailChange(database, input.token, Date.now(), { ip: clientAddress });
    if (!result.ok) return fail(400, EMAIL_CHANGE_PROBLEMS[result.reason], result.reason);
    return done(landing(CONFIRM_EMAIL_PATH, LINK_DONE), 200, { message: PROFILE.emailConfirmed, email: result.email });
  },
});

const VERIFY_PROBLEMS = { invalid: VERIFY.invalid, expired: VERIFY.expired, used: VERIFY.used } as const;

/** POST /api/email/verify {token}: the button on /verify-email proves the account's address. */
export const postVerifyEmail = defineMutation({
  access: 'public',
  schema: linkTokenSchema,
  limits: [{ rule: AUTH_LIMITS.setPassword, key: 'client' }],
  formFailure: linkPage(VERIFY_EMAIL_PATH),
  async handle({ input, database, clientAddress }) {
    const result = await verifyEmail(database, input.token, Date.now(), { ip: clientAddress });
    if (!result.ok) return fail(400, VERIFY_PROBLEMS[result.reason], result.reason);
    return done(landing(VERIFY_EMAIL_PATH, LINK_DONE), 200, { message: VERIFY.verified, email: result.email });
  },
});

/** POST /api/account/email/verify: a fresh verification link to the signed-in account's address. */
export const postResendVerification = defineMutation({
  access: 'user',
  schema: null,
  limits: [{ rule: AUTH_LIMITS.verifyResend, key: 'user' }],
  formFailure: (code) => profileNotice(code),
  async handle({ user, database }) {
    const sent = await resendVerification(database, user.id);
    if (!sent.ok) {
      return sent.reason === 'verified'
        ? fail(409, VERIFY.alreadyVerified, 'already-verified')
        : fail(401, AUTH.notSignedIn, 'signed-out');
    }
    return done(profileNotice('verify-sent'), 200, { message: VERIFY.sent });
  },
});
