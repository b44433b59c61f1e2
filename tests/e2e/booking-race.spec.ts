/**
 * Two tabs, one slot on /book: the visitor who loses the race keeps everything typed, is told
 * beside the times that the time was just taken, and books another without typing again.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, tag } from './admin-helpers.ts';

const TAKEN = 'That time was just taken, please pick another';
// Long notes, to see they come back whole (the form's limit is 2,000 characters).
const NOTES = 'We bake bread and cakes, and want customers to order online for pickup. '.repeat(20).trim();

async function fillDetails(page: Page, who: { name: string; email: string; phone: string; notes: string }) {
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Phone').fill(who.phone);
  await page.getByLabel('What would you like to talk about?').fill(who.notes);
}

test('the visitor who loses the race for a slot keeps what was typed, reads why beside the times, and picks again', async ({
  context,
}) => {
  test.slow();
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) await page.goto('/book');
  // The same time in both tabs: not the first ones (they drop below two hours' notice on the hour),
  // and not those bookings.spec.ts takes.
  const slot = (page: Page) => page.getByRole('group', { name: 'Pick a time' }).getByRole('radio').nth(17);
  const chosen = await slot(first).getAttribute('value');
  expect(await slot(second).getAttribute('value')).toBe(chosen);

  await slot(first).check();
  await fillDetails(first, {
    name: 'Fast Tab',
    email: `fast-${tag()}@example.com`,
    phone: '(407) 555-0101',
    notes: 'A website for my salon, please.',
  });
  const loser = { name: 'Lena Late', email: `late-${tag()}@example.com`, phone: '(407) 555-0102', notes: NOTES };
  await slot(second).check();
  await fillDetails(second, loser);
  await second.getByLabel('Business (optional)').fill('Late Bakery');

  await first.getByRole('button', { name: 'Book this call' }).click();
  await expect(first.getByRole('heading', { level: 1, name: 'Your call is booked' })).toBeVisible();
  await second.getByRole('button', { name: 'Book this call' }).click();

  // Back on /book: the message beside the times, and every value as typed.
  await expect(second).toHaveURL(/\/book$/);
  const picker = second.getByRole('group', { name: 'Pick a time' });
  await expect(picker.getByText(TAKEN, { exact: true })).toBeVisible();
  await expect(picker).toHaveAccessibleDescription(new RegExp(TAKEN));
  await expect(second.getByLabel('Name')).toHaveValue(loser.name);
  await expect(second.getByLabel('Email')).toHaveValue(loser.email);
  await expect(second.getByLabel('Phone')).toHaveValue(loser.phone);
  await expect(second.getByLabel('Business (optional)')).toHaveValue('Late Bakery');
  await expect(second.getByLabel('What would you like to talk about?')).toHaveValue(loser.notes);
  // The taken time is no longer offered; nothing is picked for the visitor.
  await expect(picker.locator(`input[value="${chosen}"]`)).toHaveCount(0);
  await expect(picker.getByRole('radio', { checked: true })).toHaveCount(0);
  await expectNoAxeViolations(second);

  // Picks again, types nothing again.
  await picker.getByRole('radio').nth(18).check();
  await second.getByRole('button', { name: 'Book this call' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Your call is booked' })).toBeVisible();
});
