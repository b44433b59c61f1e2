// For the scripts that drive a fresh server as its first admin (bench-admin.ts): sign in with
// the password and, since the back office needs two-factor sign-in, set it up as the account
// page does, with the code an authenticator app would show for the key (@oslojs/otp). Answers
// the Cookie header of the fully signed-in session.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export async function signInFirstAdmin(origin: string, admin: { email: string; password: string }): Promise<string> {
  const post = (path: string, cookie: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie && { cookie }) },
      body: JSON.stringify(body ?? {}),
    });
  const login = await post('/api/login', '', admin);
  const cookie = cookieOf(login);
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const setup = await post('/api/account/two-factor/setup', cookie);
  if (!setup.ok) throw new Error(`two-factor set-up failed: ${setup.status} ${await setup.text()}`);
  const { manualKey } = (await setup.json()) as { manualKey: string };
  const key = decodeBase32IgnorePadding(manualKey.replace(/ /g, ''));
  const code = generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000)), 6);
  const enabled = await post('/api/account/two-factor/enable', cookie, { currentPassword: admin.password, code });
  // Turning it on replaces the session: the new cookie is the signed-in one.
  const signedIn = cookieOf(enabled);
  if (!enabled.ok || !signedIn) throw new Error(`two-factor sign-in did not turn on: ${enabled.status}`);
  return signedIn;
}
