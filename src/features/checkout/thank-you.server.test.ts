import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { seal } from '#server/email/sealed.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { uniqueEmail } from '#features/accounts/handlers/test-context.ts';
import { postCheckout } from './handlers/post-checkout.ts';
import { THANK_YOU_PATH, THANK_YOU_TTL_MS, thankYouOrder } from './thank-you.server.ts';

const { db } = await getDatabase();

const cookiesWith = (value: string | undefined) =>
  ({ get: () => (value ? { value } : undefined) }) as unknown as AstroCookies;
const page = (query: string) => new URL(`http://localhost${THANK_YOU_PATH}${query}`);

let client = 0;
/** A plain form order, as a browser without JavaScript sends it; the cookie jar is what the browser keeps. */
async function order(email = uniqueEmail('thanks'), extra: Record<string, string> = {}) {
  const { response, jar } = await callRoute(postCheckout, '/api/checkout', {
    form: true,
    ip: `198.18.0.${++client}`,
    body: {
      name: 'Tess Buyer',
      email,
      phone: '(407) 555-0123',
      businessName: 'Tess Tacos',
      terms: 'on',
      extraPages: '1',
      ...extra,
      idempotencyKey: `k${crypto.randomUUID().replaceAll('-', '')}`,
    },
  });
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  const cookie = jar.get('thank_you');
  return { location, cookie };
}

describe('/thank-you after an order', () => {
  it('the browser that placed the order sees its number and total; any other browser sees the general page', async () => {
    const email = uniqueEmail('thanks');
    const { location, cookie } = await order(email);
    expect(cookie?.options).toMatchObject({ httpOnly: true, path: THANK_YOU_PATH, sameSite: 'lax' });
    const url = page(location.slice(THANK_YOU_PATH.length));
    const number = url.searchParams.get('order') ?? '';
    expect(number).toMatch(/^ORD-[A-Z0-9]{8}$/);

    const seen = await thankYouOrder(db, { cookies: cookiesWith(cookie?.value), url, userId: null });
    expect(seen).toEqual({
      number,
      total: '$3,950',
      held: false,
      newAccount: true,
      // The account has no password yet: the page offers its activation link again.
      activationEmail: email.toLowerCase(),
      payment: 'invoice',
      accountUrl: null,
      // Invoice mode: the build's invoice, issued with the order; not linked before the account is
      // activated (the link would only ask for a password the buyer has not chosen).
      invoice: { number: expect.stringMatching(/^INV-\d{4}-\d{4,}$/), url: null },
      plan: null,
      // Billed in full (this build's pricing): nothing more is said.
      schedule: null,
    });

    // Another browser: no cookie, a cookie it wrote itself, or another order's cookie.
    expect(await thankYouOrder(db, { cookies: cookiesWith(undefined), url, userId: null })).toBeNull();
    const forged = JSON.stringify({ order: 'x'.repeat(26), until: Date.now() + 60_000 });
    expect(await thankYouOrder(db, { cookies: cookiesWith(forged), url, userId: null })).toBeNull();
    const other = await order();
    expect(await thankYouOrder(db, { cookies: cookiesWith(other.cookie?.value), url, userId: null })).toBeNull();
    // Too late, or sealed by another key.
    expect(
      await thankYouOrder(db, {
        cookies: cookiesWith(cookie?.value),
        url,
        userId: null,
        now: Date.now() + THANK_YOU_TTL_MS + 1000,
      }),
    ).toBeNull();
    const otherKey = seal(JSON.stringify({ order: 'abc', until: Date.now() + 60_000 }), Buffer.alloc(32, 7));
    expect(await thankYouOrder(db, { cookies: cookiesWith(otherKey), url, userId: null })).toBeNull();
  });

  it('an order held for an existing account says to confirm it from the e-mail', async () => {
    const email = uniqueEmail('thanks-held');
    await order(email);
    const { location, cookie } = await order(email);
    const url = page(location.slice(THANK_YOU_PATH.length));
    const seen = await thankYouOrder(db, { cookies: cookiesWith(cookie?.value), url, userId: null });
    expect(seen).toMatchObject({ held: true, number: url.searchParams.get('order') });
  });

  it('with the monthly plan: the total is the build, and the plan is said to start at launch', async () => {
    const { location, cookie } = await order(uniqueEmail('thanks-plan'), { monthly: 'on' });
    const url = page(location.slice(THANK_YOU_PATH.length));
    const seen = await thankYouOrder(db, { cookies: cookiesWith(cookie?.value), url, userId: null });
    expect(seen).toMatchObject({
      total: '$3,950',
      plan: { name: 'All-Inclusive Monthly Plan', price: '$199 per month from launch' },
    });
  });
});
