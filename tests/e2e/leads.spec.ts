/**
 * Leads end to end: a visitor writes through the contact form's endpoint and becomes a lead; the
 * admin finds them on /admin/leads (axe at 390 and 1280 px), moves the stage, keeps a note and
 * sends a prefilled checkout link; the visitor opens it from the e-mail, finds their details and
 * the proposal filled in, and orders; the lead shows the order and is at Ordered.
 */
import { expect, test } from '@playwright/test';
import { E2E_BUILDS } from './builds.ts';
import { adminSignsIn, expectNoAxeViolations, tag } from './admin-helpers.ts';
import { capturedMail, installMailCapture } from './mail-capture.ts';

test('a contact message becomes a lead, and the checkout link it is sent places a linked order', async ({
  browser,
  page,
}) => {
  test.slow();
  await installMailCapture(E2E_BUILDS.main.databaseUrl);
  const id = tag();
  const email = `lead-${id}@example.com`;
  const visitor = await browser.newContext();
  const sent = await visitor.request.post('/api/contact', {
    data: { name: 'Lena Lead', email, message: 'We need a site for our flower shop.' },
  });
  expect(sent.ok(), 'the message is sent').toBe(true);

  await adminSignsIn(page, `/admin/leads?q=${encodeURIComponent(email)}`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.getByRole('link', { name: 'Lena Lead' }).click();
  await expect(page.getByRole('heading', { name: 'Stage: New' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Everything they did' })).toContainText(
    'We need a site for our flower shop.',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Contacted' });
  await page.getByRole('button', { name: 'Change stage' }).click();
  await expect(page.getByRole('heading', { name: 'Stage: Contacted' })).toBeVisible();
  await page.getByLabel('New note').fill('Wants three extra pages and the plan');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText('Wants three extra pages');

  await page.getByRole('spinbutton', { name: /Extra pages/ }).fill('3');
  await page.getByRole('button', { name: 'Send checkout link' }).click();
  await expect(page.getByRole('heading', { name: 'Stage: Proposal sent' })).toBeVisible();

  const [mail] = await capturedMail(E2E_BUILDS.main.databaseUrl, email, 'lead-checkout-link');
  const link = /https?:\/\/\S+\/checkout\?lead=[^\s"'<>]+/.exec(mail?.text ?? '')?.[0];
  expect(link, 'the mail carries the checkout link').toBeTruthy();
  const buyer = await visitor.newPage();
  await buyer.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(buyer.getByLabel('Name', { exact: true })).toHaveValue('Lena Lead');
  await expect(buyer.getByLabel('Email')).toHaveValue(email);
  await expect(buyer.getByRole('spinbutton', { name: /Extra pages/ })).toHaveValue('3');
  await expect(buyer.getByRole('checkbox', { name: /Add the All-Inclusive Monthly Plan/ })).toBeChecked();
  await buyer.getByLabel('Phone').fill('(407) 555-0123');
  await buyer.getByLabel('Business name').fill('Lena Flowers');
  await buyer.getByRole('checkbox', { name: /I agree/ }).check();
  await buyer.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyer).toHaveURL(/\/thank-you/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Stage: Ordered' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Everything they did' })).toContainText(
    "from this lead's checkout link",
  );
  await visitor.close();
});
