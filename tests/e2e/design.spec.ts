import { expect, test, type Locator, type Page } from '@playwright/test';
import { site } from '#data/site.ts';
import { firstContact, team } from '#data/team.ts';
import { ratingSummary, testimonials } from '#data/testimonials.ts';
import { parsingLayouts, shiftScore, wholeLayout } from './layout-shift.ts';

// The visual system, the hero, proof and people (issue 12).
const FONT = '/fonts/bricolage-grotesque-700-subset.woff2';
const FONT_BUDGET = 25 * 1024;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Where the header's row is narrower than its items and shrinks them (64rem). */
const LAPTOP = { width: 1024, height: 768 };

test.describe('display typeface', () => {
  test('is one self-hosted woff2 within 25 KB, preloaded for desktop screens on every kind of public page', async ({
    page,
    request,
  }) => {
    const font = await request.get(FONT);
    expect(font.status()).toBe(200);
    expect(font.headers()['content-type']).toBe('font/woff2');
    expect((await font.body()).length).toBeLessThanOrEqual(FONT_BUDGET);
    for (const path of ['/', '/about', '/contact', '/privacy', '/locations/florida/orlando']) {
      await page.goto(path);
      const preload = page.locator(`head link[rel="preload"][href="${FONT}"]`);
      await expect(preload, path).toHaveCount(1);
      await expect(preload).toHaveAttribute('as', 'font');
      await expect(preload).toHaveAttribute('type', 'font/woff2');
      await expect(preload).toHaveAttribute('crossorigin', '');
      // Not on phones: there the preload would delay the largest paint (BaseLayout.astro).
      await expect(preload).toHaveAttribute('media', '(min-width: 64rem)');
    }
  });

  test('sets the headings and the brand at weight 700; body text stays on the system stack', async ({ page }) => {
    await page.goto('/');
    // The first h2 is below the fold: styled once the stylesheet there has come (after the first paint).
    await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('below-fold')));
    await page.evaluate(() => document.fonts.ready);
    const styles = await page.evaluate(() => {
      const style = (el: Element | null) =>
        el && { family: getComputedStyle(el).fontFamily, weight: getComputedStyle(el).fontWeight };
      return {
        h1: style(document.querySelector('h1')),
        h2: style(document.querySelector('main h2')),
        brand: style(document.querySelector('header a[href="/"] span')),
        body: style(document.querySelector('main p')),
        loaded: document.fonts.check('700 1rem "Bricolage Grotesque"'),
      };
    });
    for (const heading of [styles.h1, styles.h2, styles.brand]) {
      expect(heading?.family).toMatch(/^"?Bricolage Grotesque"?, "?Bricolage Grotesque Fallback"?/);
      expect(heading?.weight).toBe('700');
    }
    expect(styles.body?.family).not.toContain('Bricolage');
    expect(styles.loaded).toBe(true);
  });

  test("phones: a first page sets headings in Arial Bold and fetches the face once loaded; the site's next page has it", async ({
    browser,
  }) => {
    // A page with JavaScript of its own and a light one (legal, location) as the first page.
    for (const [first, next] of [
      ['/', '/about'],
      ['/privacy', '/locations/florida/orlando'],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const fonts: string[] = [];
      page.on('request', (req) => new URL(req.url()).pathname === FONT && fonts.push(req.resourceType()));
      const heading = () =>
        page.evaluate(() => {
          const style = getComputedStyle(document.querySelector('h1')!);
          return {
            family: style.fontFamily,
            weight: style.fontWeight,
            face: document.documentElement.classList.contains('face'),
          };
        });
      await page.goto(first, { waitUntil: 'load' });
      // Arial by name (Liberation Sans on Linux): not the desktop fallback's local() faces, looked
      // up again at every heading size.
      expect(await heading(), first).toEqual({ family: 'Arial, system-ui, sans-serif', weight: '700', face: false });
      // Asked for only once the page has loaded: never before the first or the largest paint.
      // (Its timing entry exists once the file has arrived, a moment after the request starts.)
      const timing = () =>
        page.evaluate((font) => {
          const [entry] = performance.getEntriesByName(new URL(font, location.href).href);
          const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
          return { requested: entry?.startTime ?? -1, loaded: navigation?.loadEventStart ?? Infinity };
        }, FONT);
      await expect.poll(async () => (await timing()).requested, { message: first }).toBeGreaterThanOrEqual(0);
      const { requested, loaded } = await timing();
      expect(requested, first).toBeGreaterThanOrEqual(loaded);
      expect(fonts, first).toHaveLength(1);
      // The first page keeps Arial: nothing is re-laid out once it has painted.
      expect((await heading()).family, first).toBe('Arial, system-ui, sans-serif');

      // A link to the site's next page (a same-origin referrer): the face, from the cache.
      await page.evaluate((path) => {
        location.href = path;
      }, next);
      await page.waitForURL(`**${next}`);
      await page.evaluate(() => document.fonts.ready);
      const after = await heading();
      expect(after.face, next).toBe(true);
      expect(after.family, next).toMatch(/^"?Bricolage Grotesque"?, "?Bricolage Grotesque Fallback"?/);
      expect(after.weight).toBe('700');
      expect(await page.evaluate(() => document.fonts.check('700 1rem "Bricolage Grotesque"')), next).toBe(true);
      // From the HTTP cache: nothing crossed the network for it on this page.
      const transferred = await page.evaluate(
        (font) =>
          (performance.getEntriesByName(new URL(font, location.href).href)[0] as PerformanceResourceTiming)
            ?.transferSize,
        FONT,
      );
      expect(transferred, next).toBe(0);
      await context.close();
    }
  });

  test('the home page does not shift as it loads, on a phone, a laptop and a desktop', async ({ browser }) => {
    // About a hundred layouts of the whole page per screen size: seconds each on a loaded machine.
    test.slow();
    for (const viewport of [PHONE, LAPTOP, DESKTOP]) {
      // Before the display face and the images have arrived (held back: still loading, as a slow
      // network leaves them)...
      const early = await browser.newPage({ viewport });
      await early.route(/\.(woff2|avif|webp|png|jpe?g|gif|svg)(\?|$)/, () => new Promise<void>(() => {}));
      await early.goto('/', { waitUntil: 'domcontentloaded' });
      // The below-the-fold stylesheet comes after the first paint; what it styles is hidden until
      // then (its own test in delivery.spec.ts): compare the page styled, without fonts and images.
      await early.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('below-fold')));
      const withoutThem = await wholeLayout(early);
      await early.close();
      // ...then with them, and each step of the parse on the way (tests/e2e/layout-shift.ts).
      const page = await browser.newPage({ viewport });
      await page.goto('/', { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const steps = await parsingLayouts(page);
      await page.close();
      const whole = steps.at(-1)!.layout;
      expect(withoutThem).toHaveLength(whole.length);
      const shifts = [`fonts and images ${shiftScore(withoutThem, whole, viewport).toFixed(4)}`];
      let score = shiftScore(withoutThem, whole, viewport);
      for (let i = 0; i + 1 < steps.length; i++) {
        const step = shiftScore(steps[i]!.layout, steps[i + 1]!.layout, viewport);
        if (step === 0) continue;
        shifts.push(`${steps[i + 1]!.cut}${steps[i + 1]!.inHeader ? ' (header)' : ''} ${step.toFixed(4)}`);
        score += step;
      }
      // CLS 0.00 as Lighthouse reports it (two decimals), even if the browser painted at every
      // step, the header included: a shift like the call buttons' column growing as its second
      // button arrived (0.027), or the header's flex row moving its items as later ones arrived
      // (0.0166 on a desktop, before its grid tracks were sized up front), fails.
      expect(score, `${viewport.width} px: ${shifts.join(', ')}`).toBeLessThan(0.005);
    }
  });
});

test.describe('hero', () => {
  const workImage = (page: Page) => page.locator('#hero').getByRole('img', { name: /home page on a desktop browser$/ });

  test('shows a piece of work beside the copy on a desktop, fetched at once but off the LCP path', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const image = workImage(page);
    await expect(image).toBeVisible();
    // On a phone the text is the largest paint; a high-priority image sat on its path (HeroWork.astro).
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('fetchpriority', 'low');
    await expect(image).toHaveAttribute('alt', /^(Concept build|Client site): /);
    const box = (await image.boundingBox())!;
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    expect(box.x).toBeGreaterThan(heading.x + heading.width);
    await expect(page.locator('#hero figcaption').getByRole('link', { name: /^See the case study/ })).toHaveAttribute(
      'href',
      /^\/portfolio\/[a-z0-9-]+$/,
    );
  });

  test('on a phone the work follows the calls to action, within 40 KB of first-screen images', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/', { waitUntil: 'load' });
    const pricing = (await page.getByRole('link', { name: 'See Our Pricing' }).boundingBox())!;
    const image = (await workImage(page).boundingBox())!;
    expect(image.y).toBeGreaterThan(pricing.y + pricing.height);
    const firstScreenBytes = await page.evaluate((height) => {
      const shown = new Set(
        [...document.images].filter((img) => img.getBoundingClientRect().top < height).map((img) => img.currentSrc),
      );
      return performance
        .getEntriesByType('resource')
        .filter((entry) => shown.has(entry.name))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0);
    }, PHONE.height);
    expect(firstScreenBytes).toBeGreaterThan(0);
    expect(firstScreenBytes).toBeLessThanOrEqual(40 * 1024);
  });

  test('ties each trust figure to what backs it', async ({ page }) => {
    await page.goto('/');
    const stats = page.getByRole('list', { name: 'Why clients trust us' });
    await expect(stats.getByRole('link', { name: '5-Star Rated' })).toHaveAttribute('href', '#testimonials');
    await expect(page.locator('#testimonials')).toHaveCount(1);
    await expect(stats.getByRole('link', { name: /^100% Satisfaction Guarantee$/ })).toHaveAttribute(
      'href',
      '/refund-policy#our-satisfaction-guarantee',
    );
    await page.goto('/refund-policy');
    await expect(page.locator('#our-satisfaction-guarantee')).toHaveText(/satisfaction guarantee/i);
  });
});

test.describe('proof near the top of the home page', () => {
  test('the reviews follow the hero, before any price, and a phone swipes through them', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const reviews = page.locator('#testimonials');
    await expect(reviews).toContainText(
      `The ${ratingSummary.count} reviews below average ${ratingSummary.average.toFixed(1)} out of 5.`,
    );
    // Right under the hero: the proof starts within the first two screens of a phone, above the prices.
    const box = (await reviews.boundingBox())!;
    expect(box.y).toBeLessThan(PHONE.height * 2);
    expect(box.y).toBeLessThan((await page.locator('#pricing').boundingBox())!.y);
    // The three reviews are one row on a phone, scrolled sideways from the keyboard too.
    const row = page.getByRole('list', { name: 'Client reviews' });
    const items = row.getByRole('listitem');
    const tops = await items.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await row.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe('people', () => {
  test('/about introduces the team: names, roles and a portrait each, decorative and loaded', async ({ page }) => {
    await page.goto('/about');
    const members = page.getByRole('list', { name: 'Team members' }).getByRole('listitem');
    await expect(members).toHaveCount(team.length);
    for (const [i, member] of team.entries()) {
      const item = members.nth(i);
      await expect(item.getByRole('heading', { level: 3, name: member.name })).toBeVisible();
      await expect(item).toContainText(member.role);
      await expectPortrait(item, member.avatarSrc, 56);
    }
  });

  test('/contact says who will answer, beside the form, with their portrait', async ({ page }) => {
    await page.goto('/contact');
    const heading = page.getByRole('heading', {
      name: `You will talk to ${firstContact.name}, ${firstContact.role}`,
      exact: false,
    });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    // The card around the heading.
    await expectPortrait(heading.locator('..'), firstContact.avatarSrc, 56);
  });

  test("the reviews show each client's portrait beside their name", async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'What our clients say' });
    const captions = section.locator('figcaption');
    await expect(captions).toHaveCount(testimonials.length);
    for (const [i, t] of testimonials.entries()) {
      await expect(captions.nth(i)).toContainText(t.name);
      await expectPortrait(captions.nth(i), t.avatarSrc, 44);
    }
  });
});

/**
 * The person's portrait in `scope`: our own file, lazy, its size set before it loads (no layout
 * shift), drawn round at that size, and decorative (the name is beside it): no image role, so a
 * screen reader does not announce it.
 */
async function expectPortrait(scope: Locator, src: string | null, size: number) {
  expect(src, 'every person has a portrait today').not.toBeNull();
  await expect(scope.getByRole('img')).toHaveCount(0);
  const img = scope.getByRole('presentation');
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute('src', src!);
  await expect(img).toHaveAttribute('alt', '');
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('width', String(size));
  await expect(img).toHaveAttribute('height', String(size));
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const box = (await img.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([size, size]);
  expect(await img.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
}

test('the footer and the contact panel give the same hours', async ({ page }) => {
  await page.goto('/contact');
  const footer = page.getByRole('contentinfo');
  const panel = page.locator('aside').filter({ has: page.getByRole('heading', { name: 'Talk to a person' }) });
  for (const day of site.supportHours.filter((d) => d.hours !== 'Closed')) {
    await expect(footer).toContainText(`${day.days} ${day.hours}`);
    await expect(panel).toContainText(`${day.days}: ${day.hours}`);
  }
});
