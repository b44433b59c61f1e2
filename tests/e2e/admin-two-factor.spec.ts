/**
 * The back office needs two-factor sign-in. A new admin, made as an operator makes one
 * (`npm run admin:create`, which prints an activation link), chooses a password and is taken to
 * the two-factor set-up; no admin page or admin endpoint opens until it is on; then it does.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, tag } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';

// No smooth scrolling to #two-factor after each form post: clicks wait for the page at rest.
test.use({ reducedMotion: 'reduce' });

const PASSWORD = 'harbor-quill-meadow-admin';
const SET_UP_BELOW =
  'Your admin account can refund orders, change prices and read every customer’s data, so it needs two-factor sign-in. Set it up below: the back office opens once it is on.';

test('a new admin from admin:create is taken to the two-factor set-up; the back office opens once it is on', async ({
  page,
}) => {
  test.slow();
  const email = `new-admin-${tag()}@example.com`;
  const { origin, databaseUrl } = E2E_BUILDS.main;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/admin-create.ts', '--email', email, '--name', 'New Admin'],
    { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, SITE_URL: origin }, encoding: 'utf8' },
  );
  expect(stdout).toContain('then set up two-factor sign-in');
  const link = /(https?:\/\/\S+\/activate-account\?token=\S+)/.exec(stdout)?.[1];
  expect(link, 'admin:create prints the activation link').toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page).toHaveURL('/account/profile#two-factor');
  const section = page.getByRole('region', { name: 'Two-factor sign-in', exact: true });
  await expect(section.getByText(SET_UP_BELOW)).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing of the back office opens with the password alone.
  for (const path of ['/admin', '/admin/orders', '/admin/audit']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/account/profile#two-factor');
  }
  const api = await page.request.get('/api/admin/messages');
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({
    error:
      'Your admin account can refund orders, change prices and read every customer’s data, so it needs two-factor sign-in: set it up on your account page before the back office opens.',
  });
  await expect(page.getByRole('link', { name: 'Open admin' })).toHaveCount(0);

  // Set up as with an authenticator app: the key as shown, a code, the password.
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const typed = await section.getByLabel('Key, to type into the app').inputValue();
  const key = decodeBase32IgnorePadding(typed.replace(/ /g, ''));
  await section.getByLabel('Code from the app').fill(generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000)), 6));
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expect(section.getByText(SET_UP_BELOW)).toHaveCount(0);
  // An admin keeps it on: no way to turn it off here.
  await expect(section.getByRole('button', { name: 'Turn off two-factor sign-in' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Open admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Latest contact messages' })).toBeVisible();
  expect((await page.request.get('/api/admin/messages')).status()).toBe(200);
});
