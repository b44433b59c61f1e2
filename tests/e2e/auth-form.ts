import { expect, type Page } from '@playwright/test';

/**
 * A form of /auth, once the page's island has taken it over. The forms work before that (a plain
 * post, which lands on the next page), so a journey that expects the hydrated behaviour (toasts,
 * "You are signed in as" in place) waits for it: the island turns the browser's own field checks
 * off (novalidate) when it takes over.
 */
export async function authForm(page: Page, heading: 'Create an account' | 'Log in') {
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: heading, exact: heading === 'Log in' }),
  });
  await expect(section.locator('form').first()).toHaveAttribute('novalidate', '');
  return section;
}
