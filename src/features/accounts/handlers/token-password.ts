import { linkPagePath } from '#server/http/link-page.ts';
import { defineMutation, done, fail, landing, type Landing } from '#server/http/mutation.ts';
import type { TokenPurpose } from '../account-links.server.ts';
import { setPasswordWithToken } from '../accounts.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH } from '../copy.ts';
import { signIn } from '../request-session.server.ts';
import { tokenPasswordSchema } from '../schemas.ts';

const TOKEN_ERRORS = { invalid: AUTH.tokenInvalid, expired: AUTH.tokenExpired, used: AUTH.tokenUsed } as const;

/**
 * Activation and password reset share one flow: check the link, set the password, end
 * every session, sign in on this device. `page` is the form's page (for plain form posts),
 * `landsOn` where a form lands after success (with its notice).
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
      await signIn(database, context, outcome.user.id);
      return done(landsOn, 200, outcome.user);
    },
  });
