import { defineMutation, done, fail, landing, navigate } from '#server/http/mutation.ts';
import { returnToken } from '#server/security/rate-limit.ts';
import { signal } from '#server/signals.ts';
import { authenticate } from '../accounts.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH } from '../copy.ts';
import { ADMIN_TWO_FACTOR_SETUP } from '../guards.ts';
import { signIn } from '../request-session.server.ts';
import { loginSchema } from '../schemas.ts';
import { authPageWithError, nextPath } from './auth-page.ts';
import { clientAddress } from '#server/http/client-address.ts';
import type { APIContext } from 'astro';

/** One account from one client address. */
const accountClientKey = (email: string, context: APIContext) => `${email}|${clientAddress(context)}`;

/**
 * POST /api/login {email, password}: 200 with the user and a new session cookie; for an
 * account with two-factor sign-in, 202 `{ secondFactorRequired: true }` and a session that is
 * only half signed in until POST /api/login/two-factor takes a code (a form lands on /auth's
 * code step); 401
 * 'Invalid email or password' whether or not the e-mail exists; 429 after 5 failures
 * for one account from one client in 15 minutes (the owner elsewhere still gets in), and
 * after 60 for one account from all clients in an hour. An admin who has not set up two-factor
 * sign-in is taken to its set-up (`location`, as after a recovery code): the back office needs it.
 * A plain form post gets a 303 instead.
 */
export const login = defineMutation({
  access: 'public',
  schema: loginSchema,
  limits: [
    { rule: AUTH_LIMITS.loginIp, key: 'client' },
    // Spent before the password is checked, so parallel guesses cannot all slip past the
    // limits; a successful login gives them back (only failures count).
    { rule: AUTH_LIMITS.loginAccountClient, key: (input, _user, context) => accountClientKey(input.email, context) },
    { rule: AUTH_LIMITS.loginAccount, key: (input) => input.email },
  ],
  formFailure: (code, { url }) => authPageWithError(url, code, 'login'),
  async handle({ input, database, context }) {
    const user = await authenticate(database, input.email, input.password);
    if (!user) {
      signal('signInFailure');
      return fail(401, AUTH.invalidCredentials, 'credentials');
    }
    await returnToken(database.writes, AUTH_LIMITS.loginAccountClient, accountClientKey(input.email, context));
    await returnToken(database.writes, AUTH_LIMITS.loginAccount, input.email);
    const session = await signIn(database, context, user.id);
    if (session.secondFactorPending) {
      // /auth shows the code step to the half-signed-in session, keeping where to go next.
      return done(`/auth?next=${encodeURIComponent(nextPath(context.url))}#two-factor`, 202, {
        secondFactorRequired: true,
      });
    }
    if (user.role === 'admin' && !session.twoFactorOn) return navigate(landing(ADMIN_TWO_FACTOR_SETUP), { ...user });
    return done(nextPath(context.url), 200, user);
  },
});
