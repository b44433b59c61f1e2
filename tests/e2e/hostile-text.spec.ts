import { expect, test, type Page } from '@playwright/test';
import { TEST_ADMIN } from './builds.ts';
import { adminSignsInOn } from './admin-session.ts';

/**
 * What visitors type is shown back in the admin and account pages: a word without a break
 * must wrap instead of widening the page, and a bidi control (U+202E RIGHT-TO-LEFT
 * OVERRIDE) must stay inside the piece of text it came in (<bdi>).
 */
const RLO = '\u202E';
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));

test.describe('admin leads with hostile text', () => {
  for (const width of [1280, 390]) {
    test(`a 5,000-character word wraps and a U+202E name stays isolated (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const id = tag();
      const name = `${RLO}Mallory ${id}`;
      const email = `mallory-${id}@example.com`;
      const posted = await page.request.post('/api/contact', {
        data: { name, email, subject: `${RLO}Invoice ${id}`, message: 'A'.repeat(5000) },
      });
      expect(posted.ok()).toBe(true);
      await adminSignsInOn(page.context());

      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Latest contact messages' })).toBeVisible();
      const lead = page.getByRole('listitem').filter({ hasText: id }).filter({ hasText: 'AAAA' });
      await expect(lead).toHaveCount(1);

      // The page keeps the viewport's width: the word wraps inside its card.
      const { scroll, viewport } = await pageWidth(page);
      expect(scroll).toBeLessThanOrEqual(viewport);
      const card = (await lead.boundingBox())!;
      expect(card.x + card.width).toBeLessThanOrEqual(viewport);
      const message = lead.getByText('A'.repeat(100));
      expect((await message.boundingBox())!.width).toBeLessThanOrEqual(card.width);

      // The override ends with the name: the e-mail and the date after it read left to right,
      // in their places (an unisolated U+202E would reverse the rest of the line, putting the
      // date before the address).
      const address = lead.getByText(email, { exact: true });
      await expect(address).toBeVisible();
      const date = lead.locator('time').first();
      await expect(date).toBeVisible();
      const dateFollowsAddress = await lead.evaluate((li, mail) => {
        const bdi = [...li.querySelectorAll('bdi')].find((el) => el.textContent === mail)!;
        const lines = bdi.getClientRects();
        const last = lines[lines.length - 1]!;
        const d = li.querySelector('time')!.getClientRects()[0]!;
        const sameLine = d.top < last.bottom - 1 && d.bottom > last.top + 1;
        return sameLine ? d.left >= last.right - 1 : d.top >= last.bottom - 1;
      }, email);
      expect(dateFollowsAddress).toBe(true);
      for (const text of [name, email, `${RLO}Invoice ${id}`]) {
        const isolated = lead.getByText(text, { exact: true });
        await expect(isolated).toHaveCount(1);
        expect(await isolated.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
      }
    });
  }

  test("the admin's own name is isolated in the admin header", async ({ page }) => {
    await adminSignsInOn(page.context());
    await page.goto('/admin');
    const signedInAs = page.getByText(`Signed in as`);
    await expect(signedInAs).toContainText(TEST_ADMIN.email);
    const email = signedInAs.getByText(TEST_ADMIN.email, { exact: true });
    expect(await email.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
  });
});

test.describe('account page with hostile text', () => {
  const id = tag();
  // Header values are Latin-1: no U+202E here, but a word far wider than the screen (the
  // server keeps the first 300 characters).
  const longAgent = `${id}Agent${'x'.repeat(250)}`;
  test.use({ viewport: { width: 360, height: 740 }, userAgent: longAgent });

  test('a long U+202E name and user agent wrap and stay isolated', async ({ page }) => {
    const name = `${RLO}${'N'.repeat(80)}${id}`;
    const email = `hostile-${id}@example.com`;
    const res = await page.request.post('/api/register', { data: { name, email, password: 'lantern-pelican-orbit' } });
    expect(res.ok()).toBe(true);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
    const { scroll, viewport } = await pageWidth(page);
    expect(scroll).toBeLessThanOrEqual(viewport);
    // The lead isolates the name the user sent; the name field holds it as a value.
    const names = page.getByText(name, { exact: true });
    await expect(names).toHaveCount(1);
    for (const el of await names.all()) {
      expect(await el.evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe('isolate');
      expect((await el.boundingBox())!.width).toBeLessThanOrEqual(viewport);
    }
    // The session list (on the Profile tab) names the device; the raw user agent never reaches the page.
    await page.goto('/account/profile');
    const profile = await pageWidth(page);
    expect(profile.scroll).toBeLessThanOrEqual(profile.viewport);
    await expect(page.getByText(longAgent)).toHaveCount(0);
    await expect(page.locator('[data-session="current"]')).toContainText('This device');
  });
});
