import { expect, test, type Page } from '@playwright/test';

const desktopNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('dropdowns open on hover, before and after the island hydrates', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'About' }).hover();
    await expect(nav.getByRole('link', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
    // Hydration has happened by now (first pointer event); state keeps the menu in sync.
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    await expect(nav.getByRole('button', { name: 'About' })).toHaveAttribute('aria-expanded', 'true');

    await nav.getByRole('button', { name: 'Services' }).hover();
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden();
    for (const name of ['Website Design', 'SEO Services', 'Google PPC Services', 'Social Media Management']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Local SEO' })).toHaveCount(0);
  });

  test('Top Locations opens state, then a scrolling two-column city list', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Top Locations' }).hover();
    await nav.getByRole('link', { name: 'Texas' }).hover();
    const cities = nav.getByRole('list', { name: 'Cities in Texas' });
    await expect(cities).toBeVisible();
    await expect(cities.getByRole('link', { name: 'Austin' })).toBeVisible();
    const box = await cities.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(320);
    const columns = await cities.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const scrolls = await cities.evaluate(
      (el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto',
    );
    expect(scrolls).toBe(true);
    await cities.getByRole('link', { name: 'Austin' }).click();
    await expect(page).toHaveURL('/locations/texas/austin');
  });

  test('keyboard: Enter toggles, Tab reaches links, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/pricing');
    const about = desktopNav(page).getByRole('button', { name: 'About' });
    // Focus wakes the island; the menu that focus opened (CSS, before hydration) stays open.
    await about.focus();
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'About Us' })).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'About Us' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeFocused();
    await expect(page.getByRole('link', { name: 'About Us' })).toBeHidden();
  });

  test('Pricing, Contact and Get Started lead where they say', async ({ page }) => {
    await page.goto('/');
    await expect(desktopNav(page).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(desktopNav(page).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the toggle opens an accordion; states expand and collapse; a link closes the menu', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('summary', { hasText: 'Menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeHidden();
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.locator('summary', { hasText: 'Top Locations' }).click();
    const florida = mobileNav.locator('summary', { hasText: 'Florida' });
    await florida.click();
    await expect(mobileNav.getByRole('link', { name: 'Winter Park' })).toBeVisible();
    await florida.click();
    await expect(mobileNav.getByRole('link', { name: 'Winter Park' })).toBeHidden();
    await florida.click();
    await mobileNav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('once hydrated, choosing a link or pressing Escape closes the menu', async ({ page }) => {
    await page.goto('/');
    const toggle = page.locator('summary', { hasText: 'Menu' });
    await toggle.click();
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.locator('summary', { hasText: 'About' }).click();
    await page.keyboard.press('Escape');
    await expect(mobileNav).toBeHidden();

    // Stay on the page so the menu's own state is what we observe, not a navigation.
    await page.evaluate(() =>
      document.addEventListener('click', (e) => (e.target as Element).closest('a') && e.preventDefault()),
    );
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole('link', { name: 'Frequently Asked Questions' }).click();
    await expect(mobileNav).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test('desktop menus open on hover and keyboard focus through CSS', async ({ page }) => {
    await page.goto('/locations/florida/orlando');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Services' }).hover();
    await expect(nav.getByRole('link', { name: 'SEO Services' })).toBeVisible();
    await nav.getByRole('button', { name: 'About' }).focus();
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
  });

  test('the mobile menu opens as <details>', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/privacy');
    await page.locator('summary', { hasText: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  });
});
