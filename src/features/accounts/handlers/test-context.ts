/**
 * For tests of the account handlers: a request context as the HTTP host hands it to a route
 * (locals filled by the middleware, a cookie jar to read back), and a signed-in customer.
 */
import type { APIContext } from 'astro';
import type { AppDatabase } from '#server/db/index.ts';
import { registerUser } from '../accounts.server.ts';
import { createSession, type Session, type SessionUser } from '../session.server.ts';

export const TEST_PASSWORD = 'lantern-pelican-orbit';
export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let counter = 0;
/** A fresh address per call: every test file shares the run's database. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++counter}@example.com`;

export interface CookieWrite {
  value: string;
  options: Record<string, unknown> | undefined;
}

export function apiContext(
  path: string,
  {
    method = 'POST',
    body,
    form = false,
    user = null,
    session = null,
    ip = '203.0.113.10',
  }: {
    method?: string;
    body?: Record<string, string>;
    form?: boolean;
    user?: SessionUser | null;
    session?: Session | null;
    ip?: string;
  } = {},
) {
  const url = new URL(`http://localhost${path}`);
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (body !== undefined) {
    headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    payload = form ? new URLSearchParams(body).toString() : JSON.stringify(body);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = '';
  }
  const request = new Request(url, { method, headers, body: payload });
  const jar = new Map<string, CookieWrite>();
  const cookies = {
    set: (name: string, value: string, options?: Record<string, unknown>) => jar.set(name, { value, options }),
    get: () => undefined,
    delete: (name: string) => jar.set(name, { value: '', options: { maxAge: 0 } }),
  };
  const locals = { user, session, clientAddress: ip };
  const context = { request, url, params: {}, locals, clientAddress: ip, cookies } as unknown as APIContext;
  return { context, jar, locals };
}

/** Calls a route handler with the context above and returns its Response. */
export async function callRoute(
  handler: (context: APIContext) => Response | Promise<Response>,
  ...args: Parameters<typeof apiContext>
) {
  const call = apiContext(...args);
  const response = await handler(call.context);
  return { response, ...call };
}

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
