import { expect, test, type Page } from '@playwright/test';
import { DISPLAY_FACE_SCRIPT } from '#components/layout/display-face.ts';
import { formatPrice, pricing } from '#data/pricing.ts';

// Long pages a reader can scan (issue 12): the summary first, a section list whose links land on
// the page's own headings, and a call to action where the reader decides, not only at the foot.

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'On this page' });

/** Every link of the section list points at an h2 of this page, in the page's order. */
async function expectLinksToOwnHeadings(page: Page) {
  const hrefs = await sectionNav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(2);
  const h2Ids = await page.locator('main h2[id]').evaluateAll((hs) => hs.map((h) => h.id));
  const targets = hrefs.map((href) => href.replace(/^#/, ''));
  for (const id of targets) expect(h2Ids, `#${id}`).toContain(id);
  const order = targets.map((id) => h2Ids.indexOf(id));
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

test.describe('service page', () => {
  test('opens with its summary, lists its sections, and asks mid-page before the last section', async ({ page }) => {
    await page.goto('/services/website-design');
    const summary = page.getByRole('region', { name: 'In short' });
    await expect(summary.getByRole('listitem')).toHaveCount(3);
    await expectLinksToOwnHeadings(page);

    const cta = page.getByRole('complementary', { name: 'Ready when you are' });
    await expect(cta.getByRole('link', { name: 'Get a quote' })).toHaveAttribute('href', '/contact');
    await expect(cta.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
    // Before the text's last section: the reader meets it while deciding, not after the end.
    const ctaTop = await cta.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const lastSectionTop = await page
      .locator('.long-text h2')
      .last()
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(ctaTop).toBeLessThan(lastSectionTop);

    // The quote is a client's own words, attributed.
    await expect(page.locator('main figure blockquote')).toHaveCount(1);
    await expect(page.locator('main figure figcaption')).toContainText('Maria Delgado');
  });

  test("on a desktop the section list and 'What's included' stay in view while reading", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/services/website-design');
    const first = sectionNav(page).getByRole('link').first();
    await expect(first).toBeVisible();
    // Open without a click, and reachable from the keyboard like any link.
    await first.focus();
    await expect(first).toBeFocused();
    await page.getByRole('heading', { name: 'What results to expect' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('complementary', { name: "What's included" })).toBeInViewport();
    await sectionNav(page).getByRole('link', { name: 'How it fits with our other services' }).click();
    await expect(page).toHaveURL(/#how-it-fits-with-our-other-services$/);
  });

  test('on a phone the section list is one collapsed line that opens with a tap', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/services/website-design');
    const first = sectionNav(page).getByRole('link').first();
    await expect(first).toBeHidden();
    await sectionNav(page).locator('summary').click();
    await expect(first).toBeVisible();
  });
});

// Pages with nothing interactive of their own use the header without its menu script (BaseLayout
// `interactive: false`): their menus open through CSS and the page ships no JavaScript but the
// display face's line (src/components/layout/display-face.ts).
for (const path of ['/services/website-design', '/careers']) {
  test(`${path} ships no JavaScript but the display face's line, even once the menus are used`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(req.url()));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const services = page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('button', { name: 'Services' });
    await services.hover();
    await expect(page.getByRole('link', { name: 'SEO Services' }).first()).toBeVisible();
    await services.focus();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    const inline = page.locator('script:not([type="application/ld+json"])');
    expect(await inline.allTextContents()).toEqual([DISPLAY_FACE_SCRIPT]);
  });
}

test('a long text laid out as it nears the screen sits where it would without that', async ({ page }) => {
  // content-visibility: auto keeps each section's margins inside it; the page must not move.
  const tops = () =>
    page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 300) {
        window.scrollTo({ top: y, behavior: 'instant' });
        // Two frames: the rendering update that lays out what came near the screen has run.
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      }
      const seen = '.long-text > :not(.prose-copy), .long-text h2, .long-text p, .long-text li, body > footer';
      return [...document.querySelectorAll(seen)].map((el) =>
        Math.round(el.getBoundingClientRect().top + window.scrollY),
      );
    });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ['/services/website-design', '/privacy']) {
    await page.goto(path);
    expect(
      await page
        .locator('.long-text > .prose-copy')
        .first()
        .evaluate((el) => getComputedStyle(el).contentVisibility),
    ).toBe('auto');
    const lazy = await tops();
    await page.locator('.long-text > .prose-copy').evaluateAll((els) => {
      for (const el of els) (el as HTMLElement).style.setProperty('content-visibility', 'visible');
    });
    expect(lazy, path).toEqual(await tops());
  }
});

test('a legal page lists its sections and says when it was last updated', async ({ page }) => {
  await page.goto('/privacy');
  await expectLinksToOwnHeadings(page);
  await expect(page.getByRole('region', { name: 'In short' })).toBeVisible();
  await expect(page.getByText('Last updated')).toBeVisible();
});

test('a location page opens with its summary and figures, and asks before its last section', async ({ page }) => {
  await page.goto('/locations/florida/orlando');
  await expect(page.getByRole('region', { name: 'In short' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.locator('main dl')).toContainText(formatPrice(pricing.checkout.base.priceCents));
  await expect(page.getByRole('complementary', { name: 'Ready when you are, Orlando' })).toBeVisible();
});

test('/pricing has one h1 and shows the offer as a build, then the plan', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pricing.headline);
  const plans = page.locator('#pricing article');
  await expect(plans).toHaveCount(pricing.plans.length);
  const build = pricing.plans[0]!;
  await expect(plans.first()).toContainText('1. The build');
  await expect(plans.first()).toContainText(formatPrice(build.priceCents));
  const monthly = pricing.plans[1]!;
  await expect(plans.nth(1)).toContainText('2. The plan');
  await expect(plans.nth(1)).toContainText(`${formatPrice(monthly.priceCents)} per month`);
  // Proof sits beside the calls to action: a client's words, with their name.
  await expect(page.locator('#pricing figure')).toContainText('Maria Delgado');
});
