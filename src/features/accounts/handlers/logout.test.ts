import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { callRoute, formOutcomeIn, formOutcomeOf, routeContext } from '#server/http/testing/call-route.ts';
import { ACCOUNT_NOTICES } from '../copy.ts';
import { logout, SIGNED_OUT } from './logout.ts';

describe('POST /api/logout when the database fails', () => {
  it('a plain form post comes back to the account page with a notice, still signed in', async () => {
    const database = await getDatabase();
    const { context, jar: cookies } = routeContext('/api/logout', {
      form: true,
      user: { id: 'u', name: 'U', email: 'u@example.com', role: 'customer' },
      session: { id: 's', userId: 'u', createdAt: new Date(), lastVerifiedAt: new Date() },
      ip: '192.0.2.1',
    });
    // A database outage at the worst moment.
    const run = database.writes.run.bind(database.writes);
    database.writes.run = async () => {
      throw new Error('disk I/O error');
    };
    const quiet = console.error;
    console.error = () => {};
    try {
      const res = (await logout(context)) as Response;
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/account');
      expect((await formOutcomeIn(cookies))?.notice).toBe('logout-failed');
      expect(cookies.has('session')).toBe(false);
      expect(ACCOUNT_NOTICES.get('logout-failed')?.text).toBe(
        'Logout failed: you are still signed in. Please try again.',
      );
    } finally {
      database.writes.run = run;
      console.error = quiet;
    }
  });
});

describe('POST /api/logout: where signing out lands', () => {
  it('a plain form post goes to /auth, which says "Logged out" once; a script gets 204 and the same notice', async () => {
    const form = await callRoute(logout, '/api/logout', { form: true });
    expect([form.response.status, form.response.headers.get('location')]).toEqual([303, '/auth']);
    expect((await formOutcomeOf(form.response))?.notice).toBe(SIGNED_OUT.notice);
    const script = await callRoute(logout, '/api/logout');
    expect(script.response.status).toBe(204);
    expect((await formOutcomeOf(script.response))?.notice).toBe(SIGNED_OUT.notice);
  });
});
