/**
 * The agency answers a contact message in /admin: from the dashboard's Reply to the message's
 * page (axe at 390 and 1280 px), the reply written and sent from the site (e-mailed through the
 * outbox), then kept on the message and in the lead's history, the lead at Contacted.
 */
import { expect, test } from '@playwright/test';
import { E2E_BUILDS } from './builds.ts';
import { adminSignsIn, expectNoAxeViolations, tag } from './admin-helpers.ts';
import { capturedMail, installMailCapture } from './mail-capture.ts';

test('an admin writes a reply to a contact message in /admin; it is e-mailed and kept with the lead', async ({
  page,
  request,
}) => {
  test.slow();
  await installMailCapture(E2E_BUILDS.main.databaseUrl);
  const id = tag();
  const name = `Rita ${id}`;
  const email = `reply-${id}@example.com`;
  const sent = await request.post('/api/contact', {
    data: { name, email, subject: 'A bakery website', message: 'Can you build a site for my bakery?' },
  });
  expect(sent.ok(), 'the message is sent').toBe(true);

  await adminSignsIn(page);
  await page.getByRole('link', { name: `Reply to ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/[0-9a-f-]{36}#reply$/);
  await expect(page.getByRole('heading', { level: 1, name: `Message from ${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Their message' })).toContainText(
    'Can you build a site for my bakery?',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await page.getByRole('textbox', { name: 'Your reply' }).fill('Happy to help!\nWhen can we call you?');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Replies' })).toContainText('When can we call you?');
  await expect(page.getByRole('link', { name: 'mailto', exact: false })).toHaveCount(0);

  const mails = await capturedMail(E2E_BUILDS.main.databaseUrl, email, 'contact-reply');
  expect(mails.map((m) => m.subject)).toEqual(['Re: A bakery website']);
  expect(mails[0]?.text).toContain('Happy to help!\nWhen can we call you?');

  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: 'Stage: Contacted' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Everything they did' });
  await expect(history).toContainText('Our reply');
  await expect(history).toContainText('When can we call you?');
  await expectNoAxeViolations(page);
});
