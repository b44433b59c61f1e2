import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CONTACT } from '#features/contact/copy.ts';

// The contact form's new states, under the same axe rules as every page (accessibility.spec.ts):
// the result page of a refused plain post, and a page showing each kind of toast.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

test.describe('axe: the contact form after sending, zero violations', () => {
  // axe over a whole page, after a post: slow on a loaded machine.
  test.slow();

  test('/contact/result with the summary and a message at each field', async ({ page }) => {
    // A plain post (axe itself needs JavaScript): the form's own script never arrives.
    await page.route('**/_astro/ContactFormScript*.js', (route) => route.abort());
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: CONTACT.invalidNotice })).toBeVisible();
    await expect(page.getByText(CONTACT.nameMin, { exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  for (const [kind, status] of [
    ['success', 201],
    ['destructive', 500],
  ] as const) {
    test(`/contact with the ${kind} toast showing`, async ({ page }) => {
      await page.goto('/contact');
      await page.route('/api/contact', (route) =>
        route.fulfill({ status, contentType: 'application/json', body: status === 201 ? '{"id":"x"}' : '{}' }),
      );
      const form = page.locator('form[action="/api/contact"]');
      await form.getByLabel('Name').fill('Jo Doe');
      await form.getByLabel('Email').fill('jo@example.com');
      await form.getByLabel('Message').fill('Checking the toast for contrast.');
      await expect(form).toHaveAttribute('data-enhanced', '');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const region = page.getByRole('region', { name: 'Notifications (F8)' });
      await expect(region.locator('li')).toHaveAttribute('data-variant', kind === 'success' ? 'default' : kind);
      // The pointer on it holds the toast (Radix pauses its 5 s) while axe reads the page.
      await region.locator('li').hover();
      expect(await violations(page)).toEqual([]);
    });
  }
});
