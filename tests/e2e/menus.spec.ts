import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

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

/** The phone menu's state list: Florida, New York and Texas, each closed. */
async function expectStatesCollapsed(mobileNav: Locator) {
  for (const name of ['Florida', 'New York', 'Texas']) {
    await expect(mobileNav.locator('summary', { hasText: name })).toBeVisible();
    await expect(mobileNav.getByRole('list', { name: `Cities in ${name}` })).toBeHidden();
  }
}

/** A state's 20 city links, every one shown, each leading to one of its city pages. */
async function expectCitiesShown(mobileNav: Locator, state: string) {
  const links = mobileNav.getByRole('list', { name: `Cities in ${state}` }).getByRole('link');
  await expect(links).toHaveCount(20);
  await expect(links.first()).toBeVisible();
  await expect(links.last()).toBeVisible();
  // One round trip for all twenty (the e2e machine is shared): each visible, each to a city page.
  const shown = await links.evaluateAll((els) =>
    els.map((el) => ({ href: el.getAttribute('href'), visible: el.checkVisibility() })),
  );
  const slug = state.toLowerCase().replace(' ', '-');
  for (const link of shown) {
    expect(link.visible, link.href ?? '').toBe(true);
    expect(link.href).toMatch(new RegExp(`^/locations/${slug}/[a-z-]+$`));
  }
}

/**
 * How Chromium presents an element to assistive technology: its role and expanded state, from
 * the browser's own accessibility tree (Playwright's role engine gives <summary> no role).
 */
async function disclosureState(page: Page, target: Locator) {
  const cdp = await page.context().newCDPSession(page);
  await target.evaluate((el) => el.setAttribute('data-ax-probe', ''));
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-ax-probe]' });
  await target.evaluate((el) => el.removeAttribute('data-ax-probe'));
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  const node = nodes[0]!;
  const expanded = node.properties?.find((p) => p.name === 'expanded')?.value.value;
  await cdp.detach();
  return { role: node.role?.value, expanded };
}

/** Tab forward (at most 40 stops) until the target holds focus. */
async function focusByTab(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** No two of the elements' boxes overlap, and none runs past the viewport's right edge. */
async function expectNoOverlap(items: Locator) {
  const boxes = await items.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: window.innerWidth };
    }),
  );
  for (const [i, a] of boxes.entries()) {
    expect(a.right).toBeLessThanOrEqual(a.width);
    for (const b of boxes.slice(i + 1)) {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, JSON.stringify({ a, b })).toBe(true);
    }
  }
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

  test('Services offers the four header services, then All services (the overview of all six)', async ({ page }) => {
    await page.goto('/');
    const nav = desktopNav(page);
    await nav.getByRole('button', { name: 'Services' }).hover();
    const services: [name: string, href: string][] = [
      ['Website Design', '/services/website-design'],
      ['SEO Services', '/services/seo-services'],
      ['Google PPC Services', '/services/google-ppc-services'],
      ['Social Media Management', '/services/social-media-management'],
      ['All services', '/services'],
    ];
    // Exactly these links, in this order: four service pages, then the overview.
    const panel = page.locator('#menu-services');
    await expect(panel.getByRole('link')).toHaveText(services.map(([name]) => name));
    for (const [name, href] of services) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Local SEO' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'White-Label Partnerships' })).toHaveCount(0);
    // Each on one line: the panel is wide enough for the longest name.
    const heights = await Promise.all(
      services.map(async ([name]) => (await nav.getByRole('link', { name, exact: true }).boundingBox())!.height),
    );
    expect(Math.max(...heights)).toBeLessThan(48);

    // 'All services' leads to the overview, which lists all six.
    await nav.getByRole('link', { name: 'All services' }).click();
    await expect(page).toHaveURL('/services');
    const main = page.getByRole('main');
    for (const [name, href] of [
      ...services.slice(0, 4),
      ['Local SEO', '/services/local-seo'],
      ['White-Label Partnerships', '/services/white-label-partnerships'],
    ]) {
      await expect(main.locator(`a[href="${href}"]`).first(), name).toBeVisible();
    }
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

  test("'Book a free call' goes to /book, and /contact offers booking before anything else", async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('main').getByRole('link', { name: 'Book a free call' }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule a Call' })).toBeVisible();

    await page.goto('/locations/florida/orlando');
    await expect(page.getByRole('main').getByRole('link', { name: 'Book a free call' })).toHaveAttribute(
      'href',
      '/book',
    );

    await page.goto('/contact');
    // The first action on the page (after the breadcrumb trail): booking, before calling or writing.
    const main = page.getByRole('main');
    const trail = await main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').count();
    const first = main.getByRole('link').nth(trail);
    await expect(first).toHaveAccessibleName('Book a free call');
    await expect(first).toHaveAttribute('href', '/book');
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the toggle opens an accordion; tapping a state shows its cities, tapping again hides them; a link closes the menu', async ({
    page,
  }) => {
    test.slow(); // many steps on a shared machine: three times the default timeout
    await page.goto('/');
    const toggle = page.locator('summary', { hasText: 'Menu' });
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeHidden();
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.locator('summary', { hasText: 'Top Locations' }).tap();
    await expectStatesCollapsed(mobileNav);
    const florida = mobileNav.locator('summary', { hasText: 'Florida' });
    await florida.tap();
    await expectCitiesShown(mobileNav, 'Florida');
    await expect(mobileNav.getByRole('list', { name: 'Cities in Texas' })).toBeHidden();
    await florida.tap();
    await expect(mobileNav.getByRole('list', { name: 'Cities in Florida' })).toBeHidden();
    await expect(mobileNav.locator('summary', { hasText: 'Florida' })).toBeVisible();

    // A city leads to its page, and the menu is closed there.
    await mobileNav.locator('summary', { hasText: 'Texas' }).tap();
    await expectCitiesShown(mobileNav, 'Texas');
    await mobileNav.getByRole('link', { name: 'Austin' }).tap();
    await expect(page).toHaveURL('/locations/texas/austin');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();

    await page.locator('summary', { hasText: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('keyboard: Enter on a state shows its cities (expanded), Tab reaches them, Enter again hides them', async ({
    page,
  }) => {
    test.slow(); // many steps on a shared machine: three times the default timeout
    await page.goto('/pricing');
    await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await page.locator('summary', { hasText: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(mobileNav).toBeVisible();
    await focusByTab(page, mobileNav.locator('summary', { hasText: 'Top Locations' }));
    await page.keyboard.press('Enter');
    const newYork = mobileNav.locator('summary', { hasText: 'New York' });
    await focusByTab(page, newYork);
    expect(await disclosureState(page, newYork)).toEqual({ role: 'DisclosureTriangle', expanded: false });
    await page.keyboard.press('Enter');
    await expectCitiesShown(mobileNav, 'New York');
    expect(await disclosureState(page, newYork)).toEqual({ role: 'DisclosureTriangle', expanded: true });
    await page.keyboard.press('Tab');
    const first = mobileNav.getByRole('list', { name: 'Cities in New York' }).getByRole('link').first();
    await expect(first).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(newYork).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(mobileNav.getByRole('list', { name: 'Cities in New York' })).toBeHidden();
    expect(await disclosureState(page, newYork)).toEqual({ role: 'DisclosureTriangle', expanded: false });
  });

  test('screenshots of the open phone menu: nothing overlaps', async ({ page }, testInfo) => {
    test.slow(); // many steps on a shared machine: three times the default timeout
    await page.goto('/');
    await page.locator('summary', { hasText: 'Menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.locator('summary', { hasText: 'Top Locations' }).tap();
    await mobileNav.locator('summary', { hasText: 'Florida' }).tap();
    await expectCitiesShown(mobileNav, 'Florida');
    await expectNoOverlap(mobileNav.getByRole('list', { name: 'Cities in Florida' }).getByRole('link'));
    await page.screenshot({ path: testInfo.outputPath('phone-menu-florida.png') });
    await mobileNav.getByRole('list', { name: 'Cities in Florida' }).getByRole('link').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('phone-menu-florida-end.png') });
  });

  test("axe: WCAG 2.2 AA with a state's cities shown in the phone menu", async ({ page }) => {
    test.slow(); // many steps on a shared machine: three times the default timeout
    await page.goto('/');
    await page.locator('summary', { hasText: 'Menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.locator('summary', { hasText: 'Top Locations' }).tap();
    await mobileNav.locator('summary', { hasText: 'Texas' }).tap();
    await expectCitiesShown(mobileNav, 'Texas');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
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

  test("the mobile menu shows and hides a state's cities (a page with no JavaScript)", async ({ page }) => {
    test.slow(); // many steps on a shared machine: three times the default timeout
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/locations/florida/orlando');
    await page.locator('summary', { hasText: 'Menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.locator('summary', { hasText: 'Top Locations' }).click();
    const florida = mobileNav.locator('summary', { hasText: 'Florida' });
    await florida.click();
    await expectCitiesShown(mobileNav, 'Florida');
    await florida.click();
    await expect(mobileNav.getByRole('list', { name: 'Cities in Florida' })).toBeHidden();
    // The keyboard too: the state is a native disclosure.
    await florida.focus();
    await page.keyboard.press('Enter');
    await expectCitiesShown(mobileNav, 'Florida');
    await page.keyboard.press('Space');
    await expect(mobileNav.getByRole('list', { name: 'Cities in Florida' })).toBeHidden();
  });
});
