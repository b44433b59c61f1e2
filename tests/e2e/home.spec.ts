import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('has the promised sections and hero buttons, proof before the prices', async ({ page }) => {
    await page.goto('/');
    // The specification's sections, in this order: the reviews come before the prices.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main section h2')].map((h) => h.textContent?.trim() ?? ''),
    );
    const at = (heading: string) => order.findIndex((h) => h.startsWith(heading));
    const sections = [
      'What our clients say',
      'Websites we have built',
      'A website that works as hard as you do',
      'How it works',
      'Why small businesses choose',
      'Ready to Get Started?',
      'Simple, transparent pricing',
      'Frequently asked questions',
      'Have Questions?',
    ];
    for (const heading of sections) expect(at(heading), heading).toBeGreaterThanOrEqual(0);
    expect(sections.map(at)).toEqual([...sections.map(at)].sort((a, b) => a - b));
    for (const id of ['hero', 'pricing', 'how-it-works', 'faq']) await expect(page.locator(`#${id}`)).toHaveCount(1);
    await expect(page.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await expect(page.getByRole('link', { name: 'See Our Pricing' })).toHaveAttribute('href', '#pricing');
    const stats = page.getByRole('list', { name: 'Why clients trust us' });
    await expect(stats).toContainText('5-Star');
    await expect(stats).toContainText('7-14 Days');
    await expect(stats).toContainText('100%');
    await expect(page.locator('#how-it-works li')).toHaveCount(4);
    await expect(page.locator('#how-it-works')).toContainText('Website Delivery within 7-14 days');
    await expect(page.getByRole('heading', { name: 'Have Questions?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });

  test('FAQ: one answer open at a time, and the open one can be closed', async ({ page }) => {
    await page.goto('/');
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(5);
    const isOpen = (i: number) => items.nth(i).evaluate((el) => (el as HTMLDetailsElement).open);
    await items.nth(0).locator('summary').click();
    expect(await isOpen(0)).toBe(true);
    await items.nth(2).locator('summary').click();
    expect(await isOpen(2)).toBe(true);
    expect(await isOpen(0)).toBe(false);
    await items.nth(2).locator('summary').click();
    expect(await isOpen(2)).toBe(false);
    // Answers are in the HTML for crawlers even while closed.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('One round of revisions after the initial build.');
  });

  test('anchor links scroll smoothly and leave 80 px for the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('link', { name: 'See Our Pricing' }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect
      .poll(() => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBe(80);
    const header = await page.locator('header').boundingBox();
    expect(header!.y).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
  });

  test('smooth scrolling is off for people who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  });

  test('why choose us shows 6 of 12 reasons and reveals the rest', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: /Why small businesses choose/ }),
    });
    await expect(section.locator('.check-item:visible')).toHaveCount(6);
    await section.getByText('Show all 12 reasons').click();
    await expect(section.locator('.check-item:visible')).toHaveCount(12);
  });

  test('testimonials: three, with a half star read as "Rated 4.5 out of 5"', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'What our clients say' }) });
    await expect(section.locator('li figure')).toHaveCount(3);
    await expect(section.getByRole('img', { name: 'Rated 4.5 out of 5' })).toHaveCount(1);
    await expect(section.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
    await expect(section.locator('[data-star="half"]')).toHaveCount(1);
  });

  test("the hero's 5-Star Rated leads to the reviews, which state their average with its count", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /5-Star\s+Rated/ }).click();
    await expect(page).toHaveURL(/#testimonials$/);
    const section = page.locator('#testimonials');
    const ratings = await section
      .getByRole('img', { name: /^Rated/ })
      .evaluateAll((els) => els.map((e) => Number(/Rated ([\d.]+)/.exec(e.getAttribute('aria-label') ?? '')?.[1])));
    expect(ratings).toHaveLength(3);
    const average = (ratings.reduce((a, b) => a + b, 0) / ratings.length).toFixed(1);
    await expect(section.getByText(`The 3 reviews below average ${average} out of 5.`)).toBeVisible();
  });

  test('portfolio teaser shows three projects and links to /portfolio', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Websites we have built' }) });
    await expect(section.locator('article')).toHaveCount(3);
    await expect(section.getByRole('link', { name: 'View our portfolio' })).toHaveAttribute('href', '/portfolio');
  });
});

test.describe('floating call and text buttons', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('are on every public page and leave the last content uncovered at 360 px', async ({ page }) => {
    for (const path of ['/', '/privacy', '/locations/texas/houston']) {
      await page.goto(path);
      const call = page.getByRole('link', { name: /^Call us at/ });
      const text = page.getByRole('link', { name: /^Text us at/ });
      await expect(call).toHaveAttribute('href', /^tel:/);
      await expect(text).toHaveAttribute('href', /^sms:/);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const buttonsTop = Math.min((await call.boundingBox())!.y, (await text.boundingBox())!.y);
      const copyright = await page.locator('footer .copyright-year').boundingBox();
      expect(copyright!.y + copyright!.height).toBeLessThan(buttonsTop);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    }
  });
});

test('footer shows the contact block and the current year', async ({ page }) => {
  await page.goto('/refund-policy');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Orlando, FL 32832');
  await expect(footer).toContainText('(407) 555-0142');
  await expect(footer).toContainText('Office hours: Monday-Friday 9:00 AM-5:00 PM Eastern Time');
  await expect(footer.locator('.copyright-year')).toHaveText(String(new Date().getFullYear()));
  for (const name of ['Home', 'About', 'Services', 'Pricing', 'Contact']) {
    await expect(
      footer.getByRole('navigation', { name: 'Main Pages' }).getByRole('link', { name, exact: true }),
    ).toBeVisible();
  }
});
