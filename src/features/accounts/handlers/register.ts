import { defineMutation, done, fail } from '#server/http/mutation.ts';
import { registerUser } from '../accounts.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH } from '../copy.ts';
import { signIn } from '../request-session.server.ts';
import { registerSchema } from '../schemas.ts';
import { authPageWithError, nextPath } from './auth-page.ts';

/** POST /api/register {name, email, password}: 201 with the user, signed in; 400 field errors; 409 e-mail taken. */
export const register = defineMutation({
  access: 'public',
  schema: registerSchema,
  limits: [{ rule: AUTH_LIMITS.register, key: 'client' }],
  formFailure: (code, { url }) => authPageWithError(url, code, 'register'),
  async handle({ input, database, context }) {
    const registered = await registerUser(database, input);
    if (!registered.ok) {
      return registered.reason === 'taken'
        ? fail(409, AUTH.emailTaken, 'taken')
        : fail(400, AUTH.passwordCommon, 'common', { password: [AUTH.passwordCommon] });
    }
    await signIn(database, context, registered.user.id);
    return done(nextPath(context.url), 201, registered.user);
  },
});
