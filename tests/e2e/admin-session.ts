/**
 * The admin's sign-in for the e2e specs. The back office needs two-factor sign-in, and an
 * authenticator code is accepted once (RFC 6238: a step, once used, never again), so the workers
 * share one state per server, in the run's folder: the TOTP key (set up on first use through the
 * account page's endpoints, as a person does with an app, codes from @oslojs/otp), the last time
 * step used, and a signed-in session. A lock makes the workers take turns. Specs that need the
 * admin get that session's cookie (as a browser profile that stays signed in would); a full
 * sign-in, password then code, happens once per run, or again when the session has gone.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, request, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { E2E_DB_DIR, TEST_ADMIN } from './builds.ts';

const STEP_MS = 30_000;
/** A lock older than this was left by a worker that died: taken over. */
const STALE_LOCK_MS = 120_000;

interface AdminState {
  /** The key as the set-up page shows it (base32). */
  key?: string;
  /** The last time step whose code was used. */
  lastStep?: number;
  /** A session token that passed the second factor. */
  token?: string;
}

const defaultOrigin = () => String(test.info().project.use.baseURL);
const fileFor = (origin: string, ext: string) =>
  join(E2E_DB_DIR, `admin-${createHash('sha256').update(origin).digest('hex').slice(0, 12)}.${ext}`);

function readState(origin: string): AdminState {
  try {
    return JSON.parse(readFileSync(fileFor(origin, 'json'), 'utf8')) as AdminState;
  } catch {
    return {};
  }
}
const writeState = (origin: string, state: AdminState) => {
  mkdirSync(E2E_DB_DIR, { recursive: true });
  writeFileSync(fileFor(origin, 'json'), JSON.stringify(state));
};

/** Runs `fn` while holding the admin's lock for `origin` (a directory: mkdir is atomic). */
async function locked<T>(origin: string, fn: (state: AdminState) => Promise<T>): Promise<T> {
  const lock = fileFor(origin, 'lock');
  mkdirSync(E2E_DB_DIR, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released in the meantime.
      }
      await sleep(100);
    }
  }
  try {
    return await fn(readState(origin));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The code of a time step not used yet, as an authenticator app shows it: this step's, or, when
 * that one is spent, the next (the server accepts one step either side); when both are spent, it
 * waits for the clock to move on. Call it holding the lock; it records the step.
 */
async function nextCode(origin: string, state: AdminState): Promise<string> {
  if (!state.key) throw new Error('The admin has no two-factor key yet');
  let step = Math.max((state.lastStep ?? 0) + 1, Math.floor(Date.now() / STEP_MS));
  const wait = (step - 1) * STEP_MS - Date.now();
  if (wait > 0) await sleep(wait + 500);
  step = Math.max(step, Math.floor(Date.now() / STEP_MS));
  state.lastStep = step;
  writeState(origin, state);
  return generateHOTP(decodeBase32IgnorePadding(state.key), BigInt(step), 6);
}

/** Turns two-factor sign-in on for the admin signed in on `api`, as /account/profile does it. */
async function setUpTwoFactor(origin: string, api: APIRequestContext, state: AdminState) {
  const setup = await api.post('/api/account/two-factor/setup');
  expect(setup.status(), 'the two-factor set-up starts').toBe(200);
  state.key = ((await setup.json()) as { manualKey: string }).manualKey.replace(/ /g, '');
  state.lastStep = 0;
  const enabled = await api.post('/api/account/two-factor/enable', {
    data: { currentPassword: TEST_ADMIN.password, code: await nextCode(origin, state) },
  });
  expect(enabled.status(), 'two-factor sign-in turns on').toBe(200);
}

/** The admin's key, set up first if the admin has none yet (a fresh server's first admin). */
export async function adminTwoFactorKey(origin = defaultOrigin()): Promise<string> {
  await adminSessionToken(origin);
  return readState(origin).key!;
}

/** A code for the admin's next sign-in (one no one has used), for specs that sign in through the form. */
export function adminSignInCode(origin = defaultOrigin()): Promise<string> {
  return locked(origin, (state) => nextCode(origin, state));
}

/** Password, then (setting it up the first time) the second factor: a fully signed-in session. */
async function signInFully(origin: string, state: AdminState): Promise<string> {
  const api = await request.newContext({ baseURL: origin });
  try {
    const login = await api.post('/api/login', { data: TEST_ADMIN });
    expect(login.status(), 'the admin signs in with the password').toBeLessThan(300);
    const answer = (await login.json()) as { secondFactorRequired?: boolean; location?: string };
    if (answer.secondFactorRequired) {
      let passed = await api.post('/api/login/two-factor', { data: { code: await nextCode(origin, state) } });
      // A code someone used outside this file (a spec's own form sign-in): the next step's works.
      if (passed.status() === 401)
        passed = await api.post('/api/login/two-factor', { data: { code: await nextCode(origin, state) } });
      expect(passed.status(), 'the admin passes the code step').toBe(200);
    } else {
      // An admin without two-factor sign-in is sent to set it up.
      expect(answer.location, 'the admin is taken to the two-factor set-up').toBe('/account/profile#two-factor');
      await setUpTwoFactor(origin, api, state);
    }
    const cookie = (await api.storageState()).cookies.find((c) => c.name === 'session');
    if (!cookie) throw new Error('No session cookie after signing in');
    return cookie.value;
  } finally {
    await api.dispose();
  }
}

/** Whether `token` is a session of a fully signed-in admin. */
async function isAdminSession(origin: string, token: string): Promise<boolean> {
  const res = await fetch(`${origin}/api/user`, { headers: { cookie: `session=${token}` } });
  return res.ok && ((await res.json()) as { role?: string }).role === 'admin';
}

/** The shared admin session's token: checked, or signed in again (the first time: two-factor set up). */
export function adminSessionToken(origin = defaultOrigin()): Promise<string> {
  return locked(origin, async (state) => {
    if (state.token && (await isAdminSession(origin, state.token))) return state.token;
    state.token = await signInFully(origin, state);
    writeState(origin, state);
    return state.token;
  });
}

/** Signs the admin in on `context` (its pages and its `request`). */
export async function adminSignsInOn(context: BrowserContext, origin = defaultOrigin()) {
  const token = await adminSessionToken(origin);
  await context.addCookies([{ name: 'session', value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/** Playwright storage state with the admin signed in, for `request.newContext({ storageState })`. */
export async function adminStorageState(origin = defaultOrigin()) {
  const token = await adminSessionToken(origin);
  const { hostname } = new URL(origin);
  return {
    cookies: [
      {
        name: 'session',
        value: token,
        domain: hostname,
        path: '/',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax' as const,
      },
    ],
    origins: [],
  };
}
