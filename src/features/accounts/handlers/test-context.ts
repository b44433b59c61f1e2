/**
 * For tests of the account handlers: a signed-in customer and fresh addresses. Handlers are
 * called with src/server/http/testing/call-route.ts.
 */
import type { AppDatabase } from '#server/db/index.ts';
import { registerUser } from '../accounts.server.ts';
import { createSession } from '../session.server.ts';

export const TEST_PASSWORD = 'lantern-pelican-orbit';
export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let counter = 0;
/** A fresh address per call: every test file shares the run's database. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;

/** A registered customer with a session on Chrome for Windows. */
export async function signedInCustomer(database: AppDatabase, tag: string, name = 'Maria Lopez') {
  const email = uniqueEmail(tag);
  const registered = await registerUser(database, { name, email, password: TEST_PASSWORD });
  if (!registered.ok) throw new Error(registered.reason);
  const { token, session } = await createSession(database, registered.user.id, {
    userAgent: CHROME_ON_WINDOWS,
    ip: '203.0.113.7',
  });
  return { user: registered.user, session, token, email };
}
