import { defineMutation, done, fail, landing, type FailureCode } from '#server/http/mutation.ts';
import { AUTH } from '../../copy.ts';
import { secureCookies } from '../../request-session.server.ts';
import { setSessionCookie } from '../../session.server.ts';
import { TWO_FACTOR_LIMITS } from '../limits.ts';
import { TWO_FACTOR } from '../copy.ts';
import { passwordAndCodeSchema, passwordSchema } from '../schemas.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startSetup,
  twoFactorState,
} from '../two-factor.server.ts';

/** Back to the two-factor section of the account page, with a notice from TWO_FACTOR_NOTICES. */
export const twoFactorNotice = (notice: string) => landing('/account/profile#two-factor', `two-factor-${notice}`);
const formFailure = (code: FailureCode) => twoFactorNotice(code);
const limits = [{ rule: TWO_FACTOR_LIMITS.manage, key: 'user' as const }];

const wrongPassword = () =>
  fail(400, TWO_FACTOR.wrongPassword, 'wrong-password', { currentPassword: [TWO_FACTOR.wrongPassword] });
const wrongCode = () => fail(400, TWO_FACTOR.wrongCode, 'wrong-code', { code: [TWO_FACTOR.wrongCode] });

/**
 * POST /api/account/two-factor/setup: a new key for the authenticator app, waiting for its
 * first code (nothing changes at sign-in yet). 200 with the otpauth:// URI and the key as
 * typed; 409 while two-factor sign-in is on.
 */
export const setupTwoFactor = defineMutation({
  access: 'user',
  schema: null,
  limits,
  formFailure,
  async handle({ user, database }) {
    if (!(await startSetup(database, user.id))) return fail(409, TWO_FACTOR.alreadyOn, 'already-on');
    const { setup } = await twoFactorState(database.db, user);
    return done(twoFactorNotice('setup'), 200, setup);
  },
});

/**
 * POST /api/account/two-factor/enable {currentPassword, code}: turns it on. Every other session
 * of the account is signed out; this device stays signed in, with a new session token (a new
 * cookie: the second factor just passed). 200 with the ten recovery codes
 * (a plain form sees them once on the account page).
 */
export const enableTwoFactorRoute = defineMutation({
  access: 'user',
  schema: passwordAndCodeSchema,
  limits,
  formFailure,
  async handle({ input, user, database, context, clientAddress, form }) {
    const sessionId = context.locals.session?.id;
    if (!sessionId) return fail(401, AUTH.notSignedIn, 'signed-out');
    const result = await enableTwoFactor(
      database,
      {
        userId: user.id,
        sessionId,
        password: input.currentPassword,
        code: input.code,
        reveal: form,
        device: { userAgent: context.request.headers.get('user-agent'), ip: clientAddress },
      },
      { ip: clientAddress },
    );
    if (!result.ok) {
      if (result.reason === 'wrong-password') return wrongPassword();
      if (result.reason === 'wrong-code') return wrongCode();
      return fail(409, TWO_FACTOR.noSetupStarted, 'no-setup');
    }
    setSessionCookie(context.cookies, result.token, result.session.lastVerifiedAt, secureCookies(context.url));
    context.locals.session = result.session;
    return done(twoFactorNotice('enabled'), 200, { message: TWO_FACTOR.enabled, recoveryCodes: result.recoveryCodes });
  },
});

/**
 * POST /api/account/two-factor/disable {currentPassword, code}: turns it off (a recovery code also
 * works). 409 for an admin: the back office needs it (an operator can reset it: docs/operations.md).
 */
export const disableTwoFactorRoute = defineMutation({
  access: 'user',
  schema: passwordAndCodeSchema,
  limits,
  formFailure,
  async handle({ input, user, database, clientAddress }) {
    if (user.role === 'admin') return fail(409, TWO_FACTOR.adminKeepsItOn, 'admin-keeps-it');
    const result = await disableTwoFactor(
      database,
      { userId: user.id, password: input.currentPassword, code: input.code },
      { ip: clientAddress },
    );
    if (!result.ok) {
      if (result.reason === 'wrong-password') return wrongPassword();
      if (result.reason === 'wrong-code') return wrongCode();
      return fail(409, TWO_FACTOR.notSetUp, 'not-on');
    }
    return done(twoFactorNotice('disabled'), 200, { message: TWO_FACTOR.disabled });
  },
});

/** POST /api/account/two-factor/recovery-codes {currentPassword}: ten new codes; the old ones stop working. */
export const regenerateRecoveryCodesRoute = defineMutation({
  access: 'user',
  schema: passwordSchema,
  limits,
  formFailure,
  async handle({ input, user, database, clientAddress, form }) {
    const result = await regenerateRecoveryCodes(
      database,
      { userId: user.id, password: input.currentPassword, reveal: form },
      { ip: clientAddress },
    );
    if (!result.ok) {
      if (result.reason === 'wrong-password') return wrongPassword();
      return fail(409, TWO_FACTOR.notSetUp, 'not-on');
    }
    return done(twoFactorNotice('regenerated'), 200, {
      message: TWO_FACTOR.regenerated,
      recoveryCodes: result.recoveryCodes,
    });
  },
});
