import { linkPagePath } from '#server/http/link-page.ts';
import { defineMutation, done, fail, landing, type Landing } from '#server/http/mutation.ts';
import type { TokenPurpose } from '../account-links.server.ts';
import { setPasswordWithToken } from '../accounts.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH } from '../copy.ts';
import { ADMIN_TWO_FACTOR_SETUP } from '../guards.ts';
import { signIn } from '../request-session.server.ts';
import { tokenPasswordSchema } from '../schemas.ts';

const TOKEN_ERRORS = { invalid: AUTH.tokenInvalid, expired: AUTH.tokenExpired, used: AUTH.tokenUsed } as const;

/**
 * Activation and password reset share one flow: check the link, set the password, end
 * every session, sign in on this device. `page` is the form's page (for plain form posts),
 * `landsOn` where a form lands after success (with its notice). A link is no second factor: for
 * an account with two-factor sign-in the answer is the code step (202, no user; a form lands on
 * /auth's code step), never what a signed-in user gets. An admin without two-factor sign-in is
 * taken to its set-up (the back office needs it).
 */
export const tokenPassword = (purpose: TokenPurpose, page: string, landsOn: Landing) =>
  defineMutation({
    access: 'public',
    schema: tokenPasswordSchema,
    limits: [{ rule: AUTH_LIMITS.setPassword, key: 'client' }],
    formFailure: (code, { raw }) => landing(linkPagePath(page, raw), code === 'invalid' ? 'invalid-password' : code),
    async handle({ input, database, context, clientAddress }) {
      const outcome = await setPasswordWithToken(database, input.token, purpose, input.password, Date.now(), {
        ip: clientAddress,
      });
      if (!outcome.ok) {
        if (outcome.reason === 'common-password')
          return fail(400, AUTH.passwordCommon, 'common', { password: [AUTH.passwordCommon] });
        const message = TOKEN_ERRORS[outcome.reason];
        return fail(400, message, outcome.reason, { token: [message] });
      }
      const session = await signIn(database, context, outcome.user.id);
      if (session.secondFactorPending) {
        const codeStep = `/auth?next=${encodeURIComponent(landsOn.path)}#two-factor`;
        return done(landing(codeStep, 'password-set-code-next'), 202, {
          secondFactorRequired: true,
          message: AUTH.passwordSetCodeNext,
        });
      }
      if (outcome.user.role === 'admin' && !session.twoFactorOn)
        return done(landing(ADMIN_TWO_FACTOR_SETUP, landsOn.notice), 200, outcome.user);
      return done(landsOn, 200, outcome.user);
    },
  });
