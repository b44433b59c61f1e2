import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { registerUser } from '../accounts.server.ts';
import { login } from './login.ts';

const database = await getDatabase();

/** POST /api/login from `address`, as the HTTP host hands it over. */
async function attempt(email: string, password: string, address: string) {
  const { response } = await callRoute(login, '/api/login', { body: { email, password }, ip: address });
  return response.status;
}

describe('login limits', () => {
  it('five wrong passwords lock out that client only: the owner elsewhere still signs in', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const registered = await registerUser(database, { name: 'Owner', email, password: 'lantern-pelican-orbit' });
    expect(registered.ok).toBe(true);
    for (let i = 0; i < 5; i++) expect(await attempt(email, 'wrong-password-x', '203.0.113.50')).toBe(401);
    expect(await attempt(email, 'wrong-password-x', '203.0.113.50')).toBe(429);
    // The attacker's client stays locked even with the right password...
    expect(await attempt(email, 'lantern-pelican-orbit', '203.0.113.50')).toBe(429);
    // ...while the owner on their own connection gets in.
    expect(await attempt(email, 'lantern-pelican-orbit', '198.51.100.8')).toBe(200);
  });

  it('guessing spread over many clients meets the account-wide ceiling', async () => {
    const email = `spread-${Date.now()}@example.com`;
    await registerUser(database, { name: 'Spread', email, password: 'lantern-pelican-orbit' });
    const statuses: number[] = [];
    for (let client = 0; client < 13; client++) {
      for (let i = 0; i < 5; i++) statuses.push(await attempt(email, 'wrong-password-x', `192.0.2.${client + 1}`));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
  });
});
