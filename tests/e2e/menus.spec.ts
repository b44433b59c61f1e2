import { expect, test, type Page } from '@playwright/test';

const desktopNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

/**
 * From 'Florida' straight to a city low in the right-hand column of its list: the line
 * crosses 'New York' and 'Texas' before it reaches the list, which must stay open.
 */
async function diagonalToAFloridaCity(page: Page) {
  const nav = desktopNav(page);
  await nav.getByRole('button', { name: 'Top Locations' }).hover();
  const florida = nav.getByRole('link', { name: 'Florida' });
  await florida.hover();
  const cities = nav.getByRole('list', { name: 'Cities in Florida' });
  await expect(cities).toBeVisible();
  // The visitor reads Florida's list first: its climb above the other lists (a 300 ms
  // transition) has ended.
  await expect.poll(() => cities.evaluate((el) => el.closest('.nav-panel')!.getAnimations().length)).toBe(0);
  // The list then lingers for 300 ms after the pointer leaves Florida, and twelve pointer moves
  // with a check after each took longer than that on a loaded CI machine (the list closed
  // mid-path). The page's animations run at a fiftieth of their speed from here on: the same
  // hover intent, without racing the machine (with no linger the list still closes at once).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.02 });
  // The lowest city of the right-hand column that shows in full above the list's bottom edge.
  const scroller = (await cities.locator('..').boundingBox())!;
  const links = await cities.getByRole('link').all();
  const placed = await Promise.all(links.map(async (link) => ({ link, box: (await link.boundingBox())! })));
  const right = Math.max(...placed.map((p) => p.box.x));
  const target = placed
    .filter((p) => p.box.x === right && p.box.y + p.box.height <= scroller.y + scroller.height - 32)
    .sort((a, b) => b.box.y - a.box.y)[0]!;
  const from = (await florida.boundingBox())!;
  const texas = (await nav.getByRole('link', { name: 'Texas' }).boundingBox())!;
  const start = { x: from.x + 40, y: from.y + from.height / 2 };
  const end = { x: target.box.x + 20, y: target.box.y + target.box.height / 2 };
  // The path does cross the other states while still over the states' column.
  const yAtColumnEdge = start.y + ((end.y - start.y) * (from.x + from.width - start.x)) / (end.x - start.x);
  expect(yAtColumnEdge).toBeGreaterThan(texas.y);
  await page.mouse.move(start.x, start.y);
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(start.x + ((end.x - start.x) * i) / steps, start.y + ((end.y - start.y) * i) / steps);
    await expect(cities).toBeVisible();
  }
  // On the list, the lists of the states crossed are gone; the click lands on the Florida city.
  await expect(nav.getByRole('list', { name: 'Cities in Texas' })).toBeHidden();
  await expect(nav.getByRole('list', { name: 'Cities in New York' })).toBeHidden();
  const href = (await target.link.getAttribute('href'))!;
  expect(href).toMatch(/^\/locations\/florida\//);
  await page.mouse.down();
  await page.mouse.up();
  await expect(page).toHaveURL(href);
}

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('dropdowns open on hover, and the menu script keeps aria-expanded in step', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'About' }).hover();
    await expect(nav.getByRole('link', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
    // The menu script ran as the page loaded; its state keeps the menu in sync.
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    await expect(nav.getByRole('button', { name: 'About' })).toHaveAttribute('aria-expanded', 'true');

    await nav.getByRole('button', { name: 'Services' }).hover();
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden();
  });

  test('Services lists all six services, then the overview', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Services' }).hover();
    const services: [name: string, href: string][] = [
      ['Website Design', '/services/website-design'],
      ['SEO Services', '/services/seo-services'],
      ['Local SEO', '/services/local-seo'],
      ['Google PPC Services', '/services/google-ppc-services'],
      ['Social Media Management', '/services/social-media-management'],
      ['White-Label Partnerships', '/services/white-label-partnerships'],
      ['All services', '/services'],
    ];
    for (const [name, href] of services) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // Each on one line: the panel is wide enough for the longest name.
    const heights = await Promise.all(
      services.map(async ([name]) => (await nav.getByRole('link', { name, exact: true }).boundingBox())!.height),
    );
    expect(Math.max(...heights)).toBeLessThan(48);
  });

  test('hovering opens a dropdown and the click that follows keeps it open', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    const services = nav.getByRole('button', { name: 'Services' });
    await services.hover();
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Website Design' })).toBeVisible();
    // Clicked, it stays open when the pointer moves away...
    await page.mouse.move(640, 600);
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Website Design' })).toBeVisible();
    // ...until a click elsewhere.
    await page.mouse.click(640, 600);
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Website Design' })).toBeHidden();
    // Hover and click again: open; a second click closes it.
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Website Design' })).toBeHidden();
  });

  test('a diagonal path from a state to its cities does not switch states', async ({ page }) => {
    await page.goto('/');
    await diagonalToAFloridaCity(page);
  });

  test('a city list that scrolls says so until its end', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Top Locations' }).hover();
    await nav.getByRole('link', { name: 'Texas' }).hover();
    const cities = nav.getByRole('list', { name: 'Cities in Texas' });
    await expect(cities).toBeVisible();
    const hint = nav.getByText('More cities below');
    await expect(hint).toHaveCount(3); // one per state; only Texas's shows
    const shown = hint.filter({ visible: true });
    await expect(shown).toHaveCount(1);
    // It sits at the bottom of the Texas list, without hiding it from the pointer.
    const listBox = (await cities.locator('..').boundingBox())!;
    const hintBox = (await shown.boundingBox())!;
    expect(hintBox.y + hintBox.height).toBeCloseTo(listBox.y + listBox.height, 0);
    expect(await shown.evaluate((el) => getComputedStyle(el.parentElement!).pointerEvents)).toBe('none');
    await cities.locator('..').evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
    await expect(hint.filter({ visible: true })).toHaveCount(0);
    await cities.locator('..').evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(hint.filter({ visible: true })).toHaveCount(1);
  });

  test('Top Locations opens state, then a scrolling two-column city list', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Top Locations' }).hover();
    await nav.getByRole('link', { name: 'Texas' }).hover();
    const cities = nav.getByRole('list', { name: 'Cities in Texas' });
    await expect(cities).toBeVisible();
    await expect(cities.getByRole('link', { name: 'Austin' })).toBeVisible();
    // The list scrolls inside its panel: its scroll box is at most 320 px tall.
    const scroller = cities.locator('..');
    const box = await scroller.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(320);
    const columns = await cities.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const scrolls = await scroller.evaluate(
      (el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto',
    );
    expect(scrolls).toBe(true);
    await cities.getByRole('link', { name: 'Austin' }).click();
    await expect(page).toHaveURL('/locations/texas/austin');
  });

  test('keyboard: Enter toggles, Tab reaches links, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/pricing');
    const about = desktopNav(page).getByRole('button', { name: 'About' });
    await about.focus();
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    // Enhanced (the menu script runs as the page loads), a menu button is a disclosure: focus
    // alone opens nothing, Enter does.
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'About Us' })).toBeVisible();
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

  test('the toggle opens an accordion; each state leads to its state page; a link closes the menu', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.locator('summary', { hasText: 'Menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeHidden();
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.locator('summary', { hasText: 'Top Locations' }).click();
    // The states with their city counts; the cities themselves are on each state's page.
    const florida = mobileNav.getByRole('link', { name: /^Florida/ });
    await expect(florida).toBeVisible();
    await expect(florida).toContainText('20 cities');
    await expect(mobileNav.getByRole('link', { name: 'Winter Park' })).toHaveCount(0);
    await florida.click();
    await expect(page).toHaveURL('/locations/florida');
    await expect(page.getByRole('main').getByRole('link', { name: 'Winter Park' }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();

    await page.locator('summary', { hasText: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('once enhanced, choosing a link or pressing Escape closes the menu', async ({ page }) => {
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

  test('a diagonal path to a city list keeps it (CSS hover intent, a page with no JavaScript)', async ({ page }) => {
    await page.goto('/locations/texas/austin');
    await diagonalToAFloridaCity(page);
  });

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
