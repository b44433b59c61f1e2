/**
 * Two-factor sign-in end to end through the route handlers, on the run's libSQL database: set
 * up and turn on with a code, the password alone gives only a half session that no protected
 * endpoint accepts, the code step (wrong, limited, never the same code twice, recovery codes
 * once), admins, password reset, turning it off, and the audit entries.
 */
import type { APIContext, APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { auditLog, sessions, users, type AuditAction } from '#server/db/schema.ts';
import { registerUser } from '../accounts.server.ts';
import { formOutcomeIn, routeContext } from '#server/http/testing/call-route.ts';
import { TEST_PASSWORD, uniqueEmail } from '../handlers/test-context.ts';
import { login } from '../handlers/login.ts';
import { changeOwnPassword } from '../handlers/change-password.ts';
import { currentUser } from '../handlers/current-user.ts';
import { listSessions } from '../handlers/sessions.ts';
import { sessionLocals } from '../request-session.server.ts';
import { createSession, SESSION_COOKIE, validateSessionToken } from '../session.server.ts';
import { postMessageHandled } from '#features/contact/admin/handlers/contact-messages.ts';
import {
  disableTwoFactorRoute,
  enableTwoFactorRoute,
  regenerateRecoveryCodesRoute,
  setupTwoFactor,
} from './handlers/manage.ts';
import { signInCode } from './handlers/sign-in-code.ts';
import { onRequest } from '../../../middleware.ts';
import { landing } from '#server/http/mutation.ts';
import { newAccountToken } from '../account-links.server.ts';
import { ensureAdmin } from '../bootstrap-admin.server.ts';
import { ADMIN_TWO_FACTOR_SETUP } from '../guards.ts';
import { tokenPassword } from '../handlers/token-password.ts';
import { AUTH } from '../copy.ts';
import { TWO_FACTOR } from './copy.ts';
import { decodeKey, totpAt } from './totp.ts';

const database = await getDatabase();
const STEP = 30_000;

// Each test starts a second into a fresh 30-second step, and the clock then runs as usual: a
// test that began just before a step boundary used to see 'the previous step's code' turn into
// the one before that mid-test, and be refused.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Math.ceil(Date.now() / STEP) * STEP + 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

/** What src/middleware.ts puts in locals for a session cookie. */
const localsOf = async (token: string | undefined) => sessionLocals(await validateSessionToken(database, token));

/** Calls `handler` as the holder of session `token` (or nobody), as the HTTP host and middleware hand it over. */
async function call(
  handler: APIRoute,
  path: string,
  {
    token,
    body,
    form = false,
    ip = '203.0.113.20',
  }: { token?: string; body?: Record<string, string>; form?: boolean; ip?: string },
) {
  const call = routeContext(path, { body, form, ip });
  Object.assign(call.locals, await localsOf(token));
  const response = (await handler(call.context)) as Response;
  return {
    response,
    cookie: call.jar.get(SESSION_COOKIE)?.value,
    locals: call.locals,
    outcome: await formOutcomeIn(call.jar),
  };
}

/** A GET of `path` through src/middleware.ts with session `token`: what the guards answer, or 200 from the route. */
async function guarded(path: string, token: string | undefined) {
  const url = new URL(path, 'http://localhost');
  const context = {
    request: new Request(url, { method: 'GET' }),
    url,
    isPrerendered: false,
    locals: {},
    cookies: { get: () => (token ? { value: token } : undefined), set: () => {}, delete: () => {} },
    redirect: (to: string) => new Response(null, { status: 302, headers: { location: to } }),
  } as unknown as APIContext;
  const res = (await onRequest(context, async () => new Response('route'))) as Response;
  const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as unknown) : await res.text();
  return { status: res.status, location: res.headers.get('location'), body };
}

/** The reset and activation routes, as src/pages/api/password/reset.ts and activate.ts make them. */
const resetPassword = tokenPassword('password_reset', '/reset-password', landing('/account', 'password-reset'));
const activate = tokenPassword('activation', '/activate-account', landing('/account', 'activated'));

async function account(role: 'customer' | 'admin' = 'customer') {
  const email = uniqueEmail(`2fa-${role}`);
  const registered = await registerUser(database, { name: 'Ada Admin', email, password: TEST_PASSWORD });
  if (!registered.ok) throw new Error(registered.reason);
  if (role === 'admin') await database.db.update(users).set({ role }).where(eq(users.id, registered.user.id));
  const { token } = await createSession(database, registered.user.id);
  return { id: registered.user.id, email, token };
}

/**
 * Set-up as the account page does it: the key as shown for typing, then a code and the password.
 * Turning it on replaces this device's session token: `who.token` becomes the new one.
 */
async function enable(who: { token: string }) {
  const setup = await call(setupTwoFactor, '/api/account/two-factor/setup', { token: who.token });
  expect(setup.response.status).toBe(200);
  const { manualKey, uri } = (await setup.response.json()) as { manualKey: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const key = decodeKey(manualKey.replace(/ /g, ''));
  // The previous step's code: the current and next stay free for the sign-in that follows.
  const enabled = await call(enableTwoFactorRoute, '/api/account/two-factor/enable', {
    token: who.token,
    body: { currentPassword: TEST_PASSWORD, code: totpAt(key, Date.now() - STEP) },
  });
  expect(enabled.response.status).toBe(200);
  const { recoveryCodes } = (await enabled.response.json()) as { recoveryCodes: string[] };
  who.token = enabled.cookie!;
  return { key, recoveryCodes };
}

async function passwordStep(email: string, ip = '203.0.113.20') {
  const { response, cookie } = await call(login, '/api/login', { body: { email, password: TEST_PASSWORD }, ip });
  return { response, token: cookie };
}

const auditActions = async (userId: string) =>
  (await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, userId))).map(
    (r) => r.action,
  );

describe('turning two-factor sign-in on', () => {
  it('needs a valid code and the password; then other sessions are signed out and this one stays', async () => {
    const who = await account();
    const other = await createSession(database, who.id);
    const setup = await call(setupTwoFactor, '/api/account/two-factor/setup', { token: who.token });
    const { manualKey } = (await setup.response.json()) as { manualKey: string };
    const key = decodeKey(manualKey.replace(/ /g, ''));

    const wrongCode = await call(enableTwoFactorRoute, '/api/account/two-factor/enable', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD, code: totpAt(key, Date.now() - 5 * STEP) },
    });
    expect(wrongCode.response.status).toBe(400);
    expect(await wrongCode.response.json()).toMatchObject({ error: TWO_FACTOR.wrongCode });
    const wrongPassword = await call(enableTwoFactorRoute, '/api/account/two-factor/enable', {
      token: who.token,
      body: { currentPassword: 'not-my-password', code: totpAt(key) },
    });
    expect(wrongPassword.response.status).toBe(400);
    expect(await wrongPassword.response.json()).toMatchObject({ error: TWO_FACTOR.wrongPassword });
    // Still off: the password alone signs in fully.
    expect((await passwordStep(who.email)).response.status).toBe(200);
    expect((await localsOf(who.token)).twoFactorOn).toBe(false);

    const on = await call(enableTwoFactorRoute, '/api/account/two-factor/enable', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD, code: totpAt(key) },
    });
    expect(on.response.status).toBe(200);
    const { recoveryCodes } = (await on.response.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // This device stays signed in with a new token; the session's own query says two-factor is on.
    expect(on.cookie).toBeTruthy();
    expect(await validateSessionToken(database, who.token)).toBeNull();
    expect(await localsOf(on.cookie)).toMatchObject({ user: { id: who.id }, twoFactorOn: true });
    expect(await validateSessionToken(database, other.token)).toBeNull();
    expect(await auditActions(who.id)).toContain('auth.two-factor-enable');
    // The key is sealed at rest, and recovery codes are stored hashed.
    const stored = JSON.stringify(
      await database.client.execute({ sql: 'SELECT * FROM two_factor WHERE user_id = ?', args: [who.id] }),
    );
    expect(stored).not.toContain(manualKey.replace(/ /g, ''));
    const codes = await database.client.execute({
      sql: 'SELECT code_hash FROM recovery_codes WHERE user_id = ?',
      args: [who.id],
    });
    expect(codes.rows).toHaveLength(10);
    expect(JSON.stringify(codes.rows)).not.toContain(recoveryCodes[0]!.replace(/-/g, ''));
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('the password alone gives a half session that protected endpoints refuse; the code completes it', async () => {
    const who = await account();
    const { key } = await enable(who);
    const first = await passwordStep(who.email);
    expect(first.response.status).toBe(202);
    expect(await first.response.json()).toEqual({ secondFactorRequired: true });
    const half = await localsOf(first.token);
    expect(half.user).toBeNull();
    expect(half.pendingSignIn?.user.id).toBe(who.id);
    expect((await call(currentUser, '/api/user', { token: first.token })).response.status).toBe(401);
    expect((await call(listSessions, '/api/account/sessions', { token: first.token })).response.status).toBe(401);
    const setupAgain = await call(setupTwoFactor, '/api/account/two-factor/setup', { token: first.token });
    expect(setupAgain.response.status).toBe(401);

    const passed = await call(signInCode, '/api/login/two-factor', { token: first.token, body: { code: totpAt(key) } });
    expect(passed.response.status).toBe(200);
    expect(await passed.response.json()).toMatchObject({ id: who.id, recoveryCodeUsed: false });
    expect((await localsOf(passed.cookie)).user?.id).toBe(who.id);
    expect((await call(currentUser, '/api/user', { token: passed.cookie })).response.status).toBe(200);
  });

  it('passing the code replaces the session token: the one from the password step no longer authenticates', async () => {
    const who = await account();
    const { key } = await enable(who);
    const first = await passwordStep(who.email);
    const passed = await call(signInCode, '/api/login/two-factor', { token: first.token, body: { code: totpAt(key) } });
    expect(passed.response.status).toBe(200);
    expect(passed.cookie).toBeTruthy();
    expect(passed.cookie).not.toBe(first.token);
    // Someone who saw or planted the half-signed-in token gets nothing from the code step.
    expect(await validateSessionToken(database, first.token)).toBeNull();
    expect(await localsOf(first.token)).toMatchObject({ user: null, pendingSignIn: null });
    expect((await call(currentUser, '/api/user', { token: first.token })).response.status).toBe(401);
    expect((await localsOf(passed.cookie)).user?.id).toBe(who.id);
    // One session for the device, not two.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, who.id))).toHaveLength(2);
  });

  it('a plain form post of the password lands on the code step; a wrong code comes back to it', async () => {
    const who = await account();
    await enable(who);
    const form = await call(login, '/api/login?next=%2Faccount%2Forders', {
      body: { email: who.email, password: TEST_PASSWORD },
      form: true,
    });
    expect(form.response.status).toBe(303);
    expect(form.response.headers.get('location')).toBe('/auth?next=%2Faccount%2Forders#two-factor');
    const wrong = await call(signInCode, '/api/login/two-factor?next=%2Faccount%2Forders', {
      token: form.cookie,
      body: { code: '000000' },
      form: true,
    });
    expect(wrong.response.status).toBe(303);
    expect(wrong.response.headers.get('location')).toBe('/auth?next=%2Faccount%2Forders#two-factor');
    expect(wrong.outcome?.notice).toBe('code-wrong');
  });

  it('refuses a wrong code, and after five from one client refuses even the right one there', async () => {
    const who = await account();
    const { key } = await enable(who);
    const { token } = await passwordStep(who.email, '198.51.100.61');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const wrong = String((Number(totpAt(key)) + 1) % 1_000_000).padStart(6, '0');
      statuses.push(
        (await call(signInCode, '/api/login/two-factor', { token, body: { code: wrong }, ip: '198.51.100.61' }))
          .response.status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await call(signInCode, '/api/login/two-factor', {
      token,
      body: { code: totpAt(key) },
      ip: '198.51.100.61',
    });
    expect(right.response.status).toBe(429);
    expect((await localsOf(token)).user).toBeNull();
  });

  it('never accepts the same code twice for one account', async () => {
    const who = await account();
    const { key } = await enable(who);
    const code = totpAt(key);
    const a = await passwordStep(who.email);
    expect((await call(signInCode, '/api/login/two-factor', { token: a.token, body: { code } })).response.status).toBe(
      200,
    );
    const b = await passwordStep(who.email, '198.51.100.62');
    const replay = await call(signInCode, '/api/login/two-factor', {
      token: b.token,
      body: { code },
      ip: '198.51.100.62',
    });
    expect(replay.response.status).toBe(401);
    expect(await replay.response.json()).toMatchObject({ error: TWO_FACTOR.wrongSignInCode });
    // The code enabling used is spent as well: the step before never comes back.
    const earlier = await call(signInCode, '/api/login/two-factor', {
      token: b.token,
      body: { code: totpAt(key, Date.now() - STEP) },
      ip: '198.51.100.62',
    });
    expect(earlier.response.status).toBe(401);
    const next = await call(signInCode, '/api/login/two-factor', {
      token: b.token,
      body: { code: totpAt(key, Date.now() + STEP) },
      ip: '198.51.100.62',
    });
    expect(next.response.status).toBe(200);
  });

  it('takes a recovery code once, and audits its use', async () => {
    const who = await account();
    const { recoveryCodes } = await enable(who);
    const code = recoveryCodes[3]!;
    const a = await passwordStep(who.email);
    const used = await call(signInCode, '/api/login/two-factor', {
      token: a.token,
      body: { code: code.toUpperCase() },
    });
    expect(used.response.status).toBe(200);
    expect(await used.response.json()).toMatchObject({ recoveryCodeUsed: true });
    expect((await localsOf(used.cookie)).user?.id).toBe(who.id);
    expect(await validateSessionToken(database, a.token)).toBeNull();
    const entries = await database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, who.id), eq(auditLog.action, 'auth.two-factor-recovery-code-used')));
    expect(entries).toEqual([{ ip: '203.0.113.20' }]);

    const b = await passwordStep(who.email);
    expect((await call(signInCode, '/api/login/two-factor', { token: b.token, body: { code } })).response.status).toBe(
      401,
    );
    expect(
      (await call(signInCode, '/api/login/two-factor', { token: b.token, body: { code: recoveryCodes[4]! } })).response
        .status,
    ).toBe(200);
  });

  it('a password reset answers with the code step, never as a signed-in user', async () => {
    const who = await account();
    await enable(who);
    const json = newAccountToken(who.id, 'password_reset');
    await database.writes.run([json.statement]);
    const reset = await call(resetPassword, '/api/password/reset', {
      body: { token: json.token, password: 'harbor-quill-meadow-2' },
    });
    expect(reset.response.status).toBe(202);
    expect(await reset.response.json()).toEqual({ secondFactorRequired: true, message: AUTH.passwordSetCodeNext });
    expect(await localsOf(reset.cookie)).toMatchObject({ user: null, pendingSignIn: { user: { id: who.id } } });

    const form = newAccountToken(who.id, 'password_reset');
    await database.writes.run([form.statement]);
    const plain = await call(resetPassword, '/api/password/reset', {
      body: { token: form.token, password: 'harbor-quill-meadow-3' },
      form: true,
    });
    expect(plain.response.status).toBe(303);
    expect(plain.response.headers.get('location')).toBe('/auth?next=%2Faccount#two-factor');
    expect(plain.outcome?.notice).toBe('password-set-code-next');
  });

  it('a half session expires after ten minutes', async () => {
    const who = await account();
    await enable(who);
    const { token } = await passwordStep(who.email);
    expect(await validateSessionToken(database, token, Date.now() + 9 * 60_000)).not.toBeNull();
    expect(await validateSessionToken(database, token, Date.now() + 11 * 60_000)).toBeNull();
  });

  it('a password reset link does not get past the code; a password change keeps this device signed in', async () => {
    const who = await account();
    await enable(who);
    // A password change from the fully signed-in device: the new session keeps its second factor.
    const changed = await call(changeOwnPassword, '/api/account/password', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'harbor-quill-meadow-2' },
    });
    expect(changed.response.status).toBe(200);
    expect((await localsOf(changed.cookie)).user?.id).toBe(who.id);
    // Any other sign-in (a reset link signs in the same way) starts half signed in.
    const { signIn } = await import('../request-session.server.ts');
    const fresh = routeContext('/api/password/reset', {});
    const session = await signIn(database, fresh.context, who.id);
    expect(session.secondFactorPending).toBe(true);
    expect((await localsOf(fresh.jar.get(SESSION_COOKIE)?.value)).user).toBeNull();
  });
});

describe('admins', () => {
  it('an admin without it is taken to the set-up at sign-in and reaches no admin page or endpoint until it is on', async () => {
    const admin = await account('admin');
    const credentials = { email: admin.email, password: TEST_PASSWORD };
    // The password step leads to the set-up, whatever `next` asked for: with a script and without.
    const json = await call(login, '/api/login?next=%2Fadmin', { body: credentials });
    expect(json.response.status).toBe(200);
    expect(await json.response.json()).toMatchObject({ location: ADMIN_TWO_FACTOR_SETUP });
    const form = await call(login, '/api/login?next=%2Fadmin', { body: credentials, form: true });
    expect(form.response.status).toBe(303);
    expect(form.response.headers.get('location')).toBe(ADMIN_TWO_FACTOR_SETUP);
    const token = json.cookie!;
    expect(await localsOf(token)).toMatchObject({
      user: { id: admin.id, role: 'customer' },
      adminNeedsTwoFactor: true,
    });

    for (const page of ['/admin', '/admin/orders', '/admin/audit']) {
      expect(await guarded(page, token), page).toMatchObject({ status: 302, location: ADMIN_TWO_FACTOR_SETUP });
    }
    expect(await guarded('/api/admin/messages', token)).toEqual({
      status: 403,
      location: null,
      body: { error: TWO_FACTOR.adminRequired },
    });
    // An admin action outside /api/admin refuses too (the role check, not the path, decides).
    const path = `/api/admin/messages/${crypto.randomUUID()}/handled`;
    expect((await call(postMessageHandled, path, { token })).response.status).toBe(403);
    // The account pages open: the set-up is there.
    expect(await guarded('/account/profile', token)).toMatchObject({ status: 200 });

    admin.token = token;
    await enable(admin);
    expect(await localsOf(admin.token)).toMatchObject({ user: { role: 'admin' }, adminNeedsTwoFactor: false });
    expect(await guarded('/admin', admin.token)).toMatchObject({ status: 200 });
    expect(await guarded('/api/admin/messages', admin.token)).toMatchObject({ status: 200 });
    expect((await call(postMessageHandled, path, { token: admin.token })).response.status).toBe(404);
  });

  it('an admin cannot turn it off (an operator resets it instead)', async () => {
    const admin = await account('admin');
    const { key } = await enable(admin);
    const off = await call(disableTwoFactorRoute, '/api/account/two-factor/disable', {
      token: admin.token,
      body: { currentPassword: TEST_PASSWORD, code: totpAt(key) },
    });
    expect(off.response.status).toBe(409);
    expect(await off.response.json()).toEqual({ error: TWO_FACTOR.adminKeepsItOn });
    expect(await localsOf(admin.token)).toMatchObject({ user: { role: 'admin' }, twoFactorOn: true });
  });

  it('the first admin from admin:create activates, then lands on the set-up', async () => {
    const email = uniqueEmail('2fa-first-admin');
    const { id } = await ensureAdmin(database, { email });
    const link = newAccountToken(id, 'activation');
    await database.writes.run([link.statement]);
    const activated = await call(activate, '/api/activate', {
      body: { token: link.token, password: 'harbor-quill-meadow-2' },
      form: true,
    });
    expect(activated.response.status).toBe(303);
    expect(activated.response.headers.get('location')).toBe(ADMIN_TWO_FACTOR_SETUP);
    expect(await guarded('/admin', activated.cookie)).toMatchObject({ status: 302, location: ADMIN_TWO_FACTOR_SETUP });
  });

  it('an admin with two-factor sign-in cannot reach admin endpoints with a half session', async () => {
    const admin = await account('admin');
    const { key } = await enable(admin);
    const path = `/api/admin/messages/${crypto.randomUUID()}/handled`;
    const half = await passwordStep(admin.email);
    expect(half.response.status).toBe(202);
    const refused = await call(postMessageHandled, path, { token: half.token });
    expect(refused.response.status).toBe(401);
    const passed = await call(signInCode, '/api/login/two-factor', { token: half.token, body: { code: totpAt(key) } });
    // Fully signed in: past the access check (the message does not exist).
    expect((await call(postMessageHandled, path, { token: passed.cookie })).response.status).toBe(404);
  });
});

describe('turning it off and new recovery codes', () => {
  it('off needs the password and a code; both are audited, as are new recovery codes', async () => {
    const who = await account();
    const { key, recoveryCodes } = await enable(who);
    const regenerated = await call(regenerateRecoveryCodesRoute, '/api/account/two-factor/recovery-codes', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(regenerated.response.status).toBe(200);
    const fresh = ((await regenerated.response.json()) as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);

    const noCode = await call(disableTwoFactorRoute, '/api/account/two-factor/disable', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD, code: recoveryCodes[0]! },
    });
    expect(noCode.response.status).toBe(400);
    const noPassword = await call(disableTwoFactorRoute, '/api/account/two-factor/disable', {
      token: who.token,
      body: { currentPassword: 'not-my-password', code: totpAt(key) },
    });
    expect(noPassword.response.status).toBe(400);
    const missing = await call(disableTwoFactorRoute, '/api/account/two-factor/disable', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD },
    });
    expect(missing.response.status).toBe(400);
    const waiting = await passwordStep(who.email);
    expect(waiting.response.status).toBe(202);

    const off = await call(disableTwoFactorRoute, '/api/account/two-factor/disable', {
      token: who.token,
      body: { currentPassword: TEST_PASSWORD, code: totpAt(key) },
    });
    expect(off.response.status).toBe(200);
    // A sign-in left waiting at the code step does not become a full one: it is gone.
    expect(await validateSessionToken(database, waiting.token)).toBeNull();
    expect((await passwordStep(who.email)).response.status).toBe(200);
    const actions = await auditActions(who.id);
    for (const action of [
      'auth.two-factor-enable',
      'auth.two-factor-recovery-codes-regenerate',
      'auth.two-factor-disable',
    ] satisfies AuditAction[]) {
      expect(actions).toContain(action);
    }
    expect(
      await database.client.execute({ sql: 'SELECT 1 FROM recovery_codes WHERE user_id = ?', args: [who.id] }),
    ).toMatchObject({ rows: [] });
    // Sessions of the account are unaffected by turning it off.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, who.id))).not.toHaveLength(0);
  });
});
