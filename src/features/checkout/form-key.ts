import type { AstroCookies } from 'astro';
import { randomSecret } from '#server/security/tokens.ts';

const COOKIE = 'checkout_key';
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The checkout form's idempotency key: the same for a day in one browser, so a page that the
 * back button re-renders carries the key of the order it already placed (see idempotencyKeyFor).
 */
export function checkoutFormKey(cookies: AstroCookies, secure: boolean): string {
  const existing = cookies.get(COOKIE)?.value;
  if (existing && KEY.test(existing)) return existing;
  const key = randomSecret();
  cookies.set(COOKIE, key, { httpOnly: true, sameSite: 'lax', secure, path: '/checkout', maxAge: 24 * 60 * 60 });
  return key;
}
