/**
 * Scheduling a call: a visitor books a slot at /book without JavaScript, gets the confirmation
 * mail, opens its manage link, reschedules and cancels; with JavaScript the visitor's own time
 * shows beside Eastern; the admin sees the call and blocks and unblocks a time, and a block over
 * a booked call asks before it cancels the call. Axe runs on /book, the manage page and
 * /admin/bookings at 390 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminSignsIn, expectNoAxeViolations, tag } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';
import { capturedMail, installMailCapture, linkIn } from './mail-capture.ts';

const DB_URL = E2E_BUILDS.main.databaseUrl;

test.beforeAll(() => installMailCapture(DB_URL));
// The tests book real slots: one after another, so two never race for the same one.
test.describe.configure({ mode: 'serial' });

async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
}

test('a visitor books a call without JavaScript, then reschedules and cancels it from the e-mail', async ({
  browser,
}) => {
  test.slow();
  const email = `booker-${tag()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Call' })).toBeVisible();
  const picker = page.getByRole('group', { name: 'Pick a time' });
  // Not the first time offered: at :00 or :30 it drops below the two hours' notice between the
  // page and the post (a CI run at 11:00 Eastern got 'That time is no longer available').
  await picker.getByRole('radio').nth(10).check();
  await page.getByLabel('Name').fill('Nia Booker');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(407) 555-0177');
  await page.getByLabel('Business (optional)').fill('Nia’s Nails');
  await page.getByLabel('What would you like to talk about?').fill('A website where clients can see my prices.');
  await page.getByRole('button', { name: 'Book this call' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your call is booked' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('We e-mailed you a confirmation');

  const [confirmation] = await capturedMail(DB_URL, email, 'booking-booked');
  expect(confirmation?.subject).toBe('Your call with Palmetto Web Studio is booked');
  const manage = await linkIn(DB_URL, email, 'booking-booked', '/book/manage');
  // Axe needs JavaScript: the same link in a browser that runs it (opening it changes nothing).
  const checking = await browser.newContext();
  const checker = await checking.newPage();
  await checker.goto(manage);
  await expect(checker.getByRole('heading', { level: 1, name: 'Your call' })).toBeVisible();
  await axeAtBothWidths(checker);
  await checking.close();

  await page.goto(manage);
  await expect(page.getByRole('heading', { level: 1, name: 'Your call' })).toBeVisible();
  const before = await page.locator('dd time').getAttribute('datetime');

  // Reschedule: another free time (the booked one is no longer offered).
  await page.getByRole('group', { name: 'Pick a time' }).getByRole('radio').nth(11).check();
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('status')).toContainText('Your call has a new time');
  expect(await page.locator('dd time').getAttribute('datetime')).not.toBe(before);
  expect(await capturedMail(DB_URL, email, 'booking-rescheduled')).toHaveLength(1);

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Your call is canceled');
  await expect(page.getByText('This call was canceled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  expect(await capturedMail(DB_URL, email, 'booking-cancelled')).toHaveLength(1);
  await context.close();

  // The admin sees the call, with links to the same e-mail's messages and orders.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminSignsIn(admin, '/admin/bookings');
  await axeAtBothWidths(admin);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Canceled');
  await row.getByRole('link').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Call with Nia Booker' })).toBeVisible();
  await axeAtBothWidths(admin);
  await expect(admin.getByRole('link', { name: 'Orders from this e-mail' })).toHaveAttribute(
    'href',
    `/admin/orders?q=${encodeURIComponent(email)}`,
  );
  await adminContext.close();
});

test('with JavaScript, times show in the visitor’s zone with Eastern beside them', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  await page.goto('/book');
  await axeAtBothWidths(page);
  const label = page.getByRole('group', { name: 'Pick a time' }).locator('label').first();
  await expect(label).toContainText('your time');
  await expect(label).toContainText('Eastern');
  await expect(page.getByText('Times are shown in your time zone (America/Los_Angeles)')).toBeVisible();
  await context.close();
});

test('the visitor’s own times appear without moving the Eastern times (no layout shift)', async ({ browser }) => {
  for (const width of [390, 1280]) {
    const where = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({
        timezoneId: 'America/Los_Angeles',
        javaScriptEnabled,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/book');
      if (javaScriptEnabled) await expect(page.locator('label.slot').first()).toContainText('your time');
      const boxes = await page
        .locator('time[data-day]')
        .evaluateAll((times) => times.slice(0, 12).map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
      await context.close();
      return boxes.map((b) => [b.x, b.y] as const);
    };
    const scripted = await where(true);
    const plain = await where(false);
    expect(scripted).toHaveLength(plain.length);
    // Chromium counts a move of 3 px or more as a layout shift.
    scripted.forEach(([x, y], i) => {
      expect(Math.abs(x - plain[i]![0]), `${width} px, time ${i}: x`).toBeLessThan(3);
      expect(Math.abs(y - plain[i]![1]), `${width} px, time ${i}: y`).toBeLessThan(3);
    });
  }
});

test('the admin blocks a time and unblocks it', async ({ page }) => {
  await adminSignsIn(page, '/admin/bookings');
  await page.getByLabel('From', { exact: true }).fill('2030-01-07T10:00');
  await page.getByLabel('To', { exact: true }).fill('2030-01-07T11:30');
  await page.getByLabel('Reason (optional)').fill('Team day');
  await page.getByRole('button', { name: 'Block this time' }).click();
  await expect(page.getByRole('status')).toContainText('The time is blocked.');
  const blocked = page.getByRole('listitem').filter({ hasText: 'Team day' });
  await expect(blocked).toContainText('Monday, January 7, 10:00 AM');
  await blocked.getByRole('button', { name: /Unblock/ }).click();
  await expect(page.getByRole('status')).toContainText('The time is open again.');
  await expect(page.getByRole('listitem').filter({ hasText: 'Team day' })).toHaveCount(0);
});

/** 'YYYY-MM-DDTHH:MM' on Orlando's clock at `at`, as the admin types it into a datetime-local field. */
function easternField(at: number) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

test('blocking a time over a booked call asks first; confirming cancels it and e-mails the visitor', async ({
  browser,
  page,
}) => {
  test.slow();
  // A visitor books the last time offered (the other tests here take early ones).
  const email = `covered-${tag()}@example.com`;
  const visitor = await browser.newContext();
  const bookPage = await visitor.newPage();
  await bookPage.goto('/book');
  const start = Number(
    await bookPage.getByRole('group', { name: 'Pick a time' }).getByRole('radio').last().getAttribute('value'),
  );
  const booked = await bookPage.request.post('/api/bookings', {
    data: {
      start: String(start),
      name: 'Cy Covered',
      email,
      phone: '(407) 555-0178',
      topic: 'A site for my flower shop.',
    },
  });
  expect(booked.status(), 'the call is booked').toBe(201);
  const { id } = (await booked.json()) as { id: string };
  await visitor.close();

  await adminSignsIn(page, '/admin/bookings');
  const from = easternField(start);
  const to = easternField(start + 30 * 60_000);
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Reason (optional)').fill('Flight to Tampa');
  await page.getByRole('button', { name: 'Block this time' }).click();

  // Nothing is blocked yet: the form keeps what was typed and lists the call.
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing is blocked yet' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(to);
  await expect(page.getByLabel('Reason (optional)')).toHaveValue('Flight to Tampa');
  const covered = page.getByRole('region', { name: 'Booked calls in this time' });
  await expect(covered).toContainText('Cy Covered');
  await expect(covered).toContainText('Blocking it cancels the call and e-mails the visitor.');
  await expect(page.getByRole('listitem').filter({ hasText: 'Flight to Tampa' })).toHaveCount(0);
  await axeAtBothWidths(page);
  expect(await capturedMail(DB_URL, email, 'booking-cancelled')).toHaveLength(0);

  await covered.getByRole('button', { name: 'Block and cancel the call' }).click();
  await expect(page.getByRole('status')).toContainText(
    'The time is blocked, its calls canceled and each visitor e-mailed.',
  );
  const [cancelled] = await capturedMail(DB_URL, email, 'booking-cancelled');
  expect(cancelled?.text).toContain('we are no longer free at this time');
  const blockedUrl = page.url();

  await page.goto(`/admin/bookings/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Call with Cy Covered' })).toBeVisible();
  await expect(page.getByRole('definition').getByText('Canceled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the call and e-mail the visitor' })).toHaveCount(0);

  // Open the time again for the other tests.
  await page.goto(blockedUrl);
  const blocked = page.getByRole('listitem').filter({ hasText: 'Flight to Tampa' });
  await blocked.getByRole('button', { name: /Unblock/ }).click();
  await expect(page.getByRole('status')).toContainText('The time is open again.');
});

test('on a phone the slots fit the screen: nothing scrolls sideways, the later days included', async ({ browser }) => {
  for (const width of [360, 390]) {
    const context = await browser.newContext({ timezoneId: 'America/Chicago', viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto('/book');
    await expect(page.locator('label.slot').first()).toContainText('your time');
    // The days after the first are laid out as they come near the screen: scroll through them.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      widest: Math.max(...[...document.querySelectorAll('label.slot')].map((s) => s.getBoundingClientRect().right)),
    }));
    expect(widths.page, `${width} px`).toBeLessThanOrEqual(width);
    expect(widths.widest, `${width} px`).toBeLessThanOrEqual(width);
    await context.close();
  }
});
