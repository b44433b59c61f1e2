import type { APIContext } from 'astro';
import { clientAddress } from '#server/http/client-address.ts';
import { defineMutation, done, fail, landing, navigate } from '#server/http/mutation.ts';
import { returnToken } from '#server/security/rate-limit.ts';
import { signal } from '#server/signals.ts';
import { nextPath } from '../../handlers/auth-page.ts';
import { secureCookies } from '../../request-session.server.ts';
import { setSessionCookie } from '../../session.server.ts';
import { publicUser } from '../../users.server.ts';
import { TWO_FACTOR_LIMITS } from '../limits.ts';
import { TWO_FACTOR } from '../copy.ts';
import { signInCodeSchema } from '../schemas.ts';
import { passSecondFactor } from '../two-factor.server.ts';

/** The account waiting for its code on this device ('none' when there is none: the handler refuses it). */
const pendingAccount = (context: APIContext) => context.locals.pendingSignIn?.user.id ?? 'none';
const accountClientKey = (context: APIContext) => `${pendingAccount(context)}|${clientAddress(context)}`;

/** /auth's code step again, keeping `next`, with a `code-…` error code in the form outcome. */
export const codeStepWithError = (url: URL, code: string) =>
  landing(`/auth?next=${encodeURIComponent(nextPath(url))}#two-factor`, `code-${code}`);

/**
 * POST /api/login/two-factor {code}: the second step of signing in to an account with
 * two-factor sign-in, for the half-signed-in session the password step started. A current code
 * from the authenticator app (never one already used) or a recovery code (spent and audited):
 * 200 with the user and the session fully signed in; 401 for a wrong code or when no sign-in
 * is waiting. The session gets a new token (the half-signed-in one from the password step stops
 * working in the same commit) in a new cookie. Limited like the password step: per client, per account from one client (only
 * failures count) and per account from all clients. A plain form post gets a 303 instead.
 */
export const signInCode = defineMutation({
  access: 'public',
  schema: signInCodeSchema,
  fieldFeedback: false,
  limits: [
    { rule: TWO_FACTOR_LIMITS.codeIp, key: 'client' },
    { rule: TWO_FACTOR_LIMITS.codeAccountClient, key: (_input, _user, context) => accountClientKey(context) },
    { rule: TWO_FACTOR_LIMITS.codeAccount, key: (_input, _user, context) => pendingAccount(context) },
  ],
  formFailure: (code, { url }) => codeStepWithError(url, code),
  async handle({ input, database, context, clientAddress: ip }) {
    const pending = context.locals.pendingSignIn;
    if (!pending) return fail(401, TWO_FACTOR.noSignInWaiting, 'expired');
    const result = await passSecondFactor(
      database,
      {
        userId: pending.user.id,
        sessionId: pending.session.id,
        code: input.code,
        device: { userAgent: context.request.headers.get('user-agent'), ip },
      },
      { ip },
    );
    if (!result.ok) {
      signal('signInFailure');
      return fail(401, TWO_FACTOR.wrongSignInCode, 'wrong', { code: [TWO_FACTOR.wrongSignInCode] });
    }
    await returnToken(database.writes, TWO_FACTOR_LIMITS.codeAccountClient, accountClientKey(context));
    await returnToken(database.writes, TWO_FACTOR_LIMITS.codeAccount, pending.user.id);
    setSessionCookie(context.cookies, result.token, result.session.lastVerifiedAt, secureCookies(context.url));
    context.locals.user = pending.user;
    context.locals.session = result.session;
    context.locals.pendingSignIn = null;
    const recoveryCodeUsed = result.method === 'recovery-code';
    const next = nextPath(context.url);
    const body = { ...publicUser(pending.user), recoveryCodeUsed };
    // After a recovery code, the account page says so (and how many are left): the island goes there too.
    return recoveryCodeUsed
      ? navigate(landing('/account/profile#two-factor', 'two-factor-recovery-used'), body)
      : done(next, 200, body);
  },
});
