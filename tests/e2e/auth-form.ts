import { expect, type Page } from '@playwright/test';

/**
 * A form of /auth, once the page's script runs. The forms work before that (a plain post, which
 * lands on the next page), so a journey that expects the scripted behaviour (toasts, "You are
 * signed in as" in place) waits for it: the script marks the panel `data-enhanced` when it starts.
 */
export async function authForm(page: Page, heading: 'Create an account' | 'Log in') {
  await expect(page.locator('[data-auth-panel]')).toHaveAttribute('data-enhanced', '');
  return page.locator('section', {
    has: page.getByRole('heading', { name: heading, exact: heading === 'Log in' }),
  });
}
