import { afterAll, describe, expect, it } from 'vitest';
import { accountTokens, sessions, users } from '#server/db/schema.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { checkLog, passwordsInSpecs, secretSettings, secretsInDatabase } from './server-log-check.ts';

const temp = await tempDatabase();
afterAll(() => temp.cleanup());

const SESSION_ID = 'abcdefghijkmnpqrstuvwxyz23';
const LINK_ID = 'zyxwvutsrqpnmkjihgfedcba98';
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1, ...fields });

describe('the e2e server-log check', () => {
  it('finds the passwords the specs type, but not plain words', () => {
    const spec = [
      "const PASSWORD = 'lantern-pelican-orbit';",
      "data: { email, password: 'not-the-password' }",
      "data: { name: 'Common', email, password: 'password' }",
      "await page.getByLabel('New password').fill('brand-new-passphrase');",
      // A template literal with a placeholder is not one fixed password.
      `data: { password: \`wrong-\${i}-password\` }`,
    ].join('\n');
    expect(passwordsInSpecs([spec]).map((s) => s.value)).toEqual([
      'lantern-pelican-orbit',
      'not-the-password',
      'brand-new-passphrase',
    ]);
  });

  it('takes secret settings by name', () => {
    const found = secretSettings({
      ADMIN_PASSWORD: 'e2e-owner-passphrase',
      STRIPE_SECRET_KEY: 'sk_test_123456',
      PORT: '4511',
    });
    expect(found.map((s) => s.label)).toEqual(['ADMIN_PASSWORD', 'STRIPE_SECRET_KEY']);
  });

  it('reads session and link ids from the run database', async () => {
    const at = new Date();
    const { db } = temp.database;
    await db.insert(users).values({
      id: 'u1',
      name: 'U',
      email: 'u@example.com',
      role: 'customer',
      status: 'active',
      createdAt: at,
      updatedAt: at,
    });
    await db
      .insert(sessions)
      .values({ id: SESSION_ID, userId: 'u1', secretHash: Buffer.alloc(32), lastVerifiedAt: at, createdAt: at });
    await db.insert(accountTokens).values({
      id: LINK_ID,
      userId: 'u1',
      purpose: 'activation',
      secretHash: Buffer.alloc(32),
      expiresAt: at,
      createdAt: at,
    });
    const found = await secretsInDatabase(temp.url);
    expect(found).toContainEqual({ label: 'a session token', value: `${SESSION_ID}.` });
    expect(found).toContainEqual({ label: 'an account link token', value: `${LINK_ID}.`, link: true });
  });

  it('reports non-JSON lines, secrets and credential fields, naming the secret instead of showing it', async () => {
    const secrets = [
      { label: 'ADMIN_PASSWORD', value: 'e2e-owner-passphrase' },
      ...(await secretsInDatabase(temp.url)),
    ];
    const log = [
      line({ msg: 'request', path: '/api/login', status: 200 }),
      'TypeError: something\n    at stack (file.ts:1:1)',
      line({ msg: 'debug', body: { email: 'a@b.co', password: 'e2e-owner-passphrase' } }),
      line({ msg: 'debug', cookie: `session=${SESSION_ID}.c2VjcmV0` }),
      // The development mailer prints working links in its own lines: allowed there only.
      line({
        msg: 'mail logged (no SMTP_URL)',
        mail: { text: `https://x/activate-account?token=${LINK_ID}.c2VjcmV0` },
      }),
      line({ msg: 'request', path: `/activate-account/${LINK_ID}.c2VjcmV0` }),
      line({ msg: 'uncaughtException: logged, still serving', err: { message: "reading 'destroyed'" } }),
      line({ msg: 'a server process stopped; starting another', signal: 'SIGKILL' }),
    ].join('\n');
    const problems = checkLog('server.log', log, secrets);
    expect(problems.map((p) => p.split(': ')[0])).toEqual([
      'server.log:2 is not one JSON object',
      'server.log:3 is not one JSON object',
      'server.log:4 contains ADMIN_PASSWORD',
      'server.log:4 logs the credential field body.password',
      'server.log:5 contains a session token',
      'server.log:5 logs the credential field cookie',
      'server.log:7 contains a token from a logged mail',
      'server.log:7 contains an account link token',
      'server.log:8 says a server process died or a bug was caught',
      'server.log:9 says a server process died or a bug was caught',
    ]);
    const text = problems.join('\n');
    expect(text).not.toContain('e2e-owner-passphrase');
    expect(text).not.toContain(SESSION_ID);
    expect(text).not.toContain(LINK_ID);
    expect(checkLog('clean.log', `${line({ msg: 'request', path: '/' })}\n`, secrets)).toEqual([]);
  });
});
