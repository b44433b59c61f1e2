import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DISPLAY_FACE_SCRIPT } from '#components/layout/display-face.ts';

// The portfolio collection as an editor writes it: every file must reach /portfolio, its case
// study and its demo.
const unquote = (value: string | undefined) => value?.trim().replace(/^['"]|['"]$/g, '') ?? '';
const PROJECTS = readdirSync('src/content/portfolio')
  .filter((file) => file.endsWith('.md'))
  .map((file) => {
    const text = readFileSync(`src/content/portfolio/${file}`, 'utf8');
    return {
      slug: file.replace(/\.md$/, ''),
      client: unquote(/^client:\s*(.+)$/m.exec(text)?.[1]),
      layout: unquote(/^ {2}layout:\s*(.+)$/m.exec(text)?.[1]),
      action: unquote(/^ {2}action:\n\s+label:\s*(.+)$/m.exec(text)?.[1]),
    };
  });
const FIRST = PROJECTS.find((p) => p.slug === 'lakeside-plumbing') ?? PROJECTS[0]!;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Every <img> says what it shows and reserves its space. */
async function expectDescribedImages(page: Page) {
  const images = await page.locator('img').evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute('src'),
      alt: img.getAttribute('alt'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
    })),
  );
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) {
    expect(image.alt, image.src ?? '').toBeTruthy();
    expect(Number(image.width), image.src ?? '').toBeGreaterThan(0);
    expect(Number(image.height), image.src ?? '').toBeGreaterThan(0);
  }
}

test('the collection has six projects', () => {
  expect(PROJECTS).toHaveLength(6);
  expect(PROJECTS.every((p) => p.client)).toBe(true);
});

test('/portfolio lists every project, labelled as a concept, linking its case study', async ({ page }) => {
  await page.goto('/portfolio');
  await expect(page.getByText(/These are concept builds/)).toBeVisible();
  const list = page.getByRole('list', { name: 'Projects' });
  await expect(list.getByRole('listitem').filter({ has: page.getByRole('article') })).toHaveCount(PROJECTS.length);
  for (const { slug, client } of PROJECTS) {
    const card = list.locator('article', { has: page.getByRole('heading', { name: client }) });
    await expect(card.getByRole('link', { name: client })).toHaveAttribute('href', `/portfolio/${slug}`);
    await expect(card.getByText('Concept project')).toBeVisible();
    await expect(card.getByRole('img', { name: new RegExp(client.replace(/[.&]/g, '\\$&')) })).toHaveCount(1);
  }
  await expectDescribedImages(page);
  // Below the first card, screenshots wait until they are scrolled near.
  const loading = await list.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
  expect(loading.slice(1).every((l) => l === 'lazy')).toBe(true);
  await expect(list.locator('picture source[type="image/avif"]')).toHaveCount(PROJECTS.length);
});

test('a case study shows its facts, measured results and screenshots, and leads to a noindex demo', async ({
  page,
}) => {
  await page.goto(`/portfolio/${FIRST.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: FIRST.client })).toBeVisible();
  await expect(page.getByText('Concept project').first()).toBeVisible();
  for (const heading of ['The problem', 'What we built', 'Results, measured'])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Portfolio' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Next project/ })).toHaveAttribute('href', /^\/portfolio\/[a-z-]+$/);
  await expectDescribedImages(page);
  // The screenshots are lazy (one copy per layout, the hidden one never fetched), so none claims
  // a high fetch priority the browser would not honour for a deferred image.
  await expect(page.locator('img[loading="lazy"][fetchpriority="high"]')).toHaveCount(0);
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(0);
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(data.map((d) => (JSON.parse(d) as { '@type': string })['@type'])).toContain('CreativeWork');

  await page.getByRole('link', { name: 'See the live demo' }).click();
  await expect(page).toHaveURL(new RegExp(`/portfolio/${FIRST.slug}/demo$`));
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText('Concept project')).toBeVisible();
  await expect(page.getByRole('link', { name: /Concept demo by Palmetto Web Studio/ })).toHaveAttribute(
    'href',
    `/portfolio/${FIRST.slug}`,
  );
});

test('the case study shows the whole page and two phone screens, lazy, each captioned with what it proves', async ({
  page,
}) => {
  await page.goto(`/portfolio/${FIRST.slug}`);
  const captures = page.getByRole('region', { name: 'The site on a laptop and a phone' });
  const figures = captures.getByRole('figure');
  await expect(figures).toHaveCount(3);
  await expect(figures.getByRole('img', { name: /whole .* page on a desktop/ })).toHaveCount(1);
  await expect(figures.getByRole('img', { name: /on a phone/ })).toHaveCount(2);
  for (const figure of await figures.all()) {
    const image = figure.getByRole('img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    expect(await image.getAttribute('fetchpriority')).toBeNull();
    expect(((await figure.locator('figcaption').textContent()) ?? '').trim().length).toBeGreaterThan(20);
    // Lazy, but there: scrolled to, each file arrives.
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  // Results read for an owner, with how each was measured in small print.
  const results = page.getByRole('region', { name: 'Results, measured' });
  await expect(results.getByText(/on a cheap phone/)).toBeVisible();
  await expect(results.locator('small').first()).toContainText(/slow 4G/);
});

test('the six demos do not share one layout: each opens with its own arrangement and drawing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const layouts = new Set<string>();
  for (const { slug, layout, action } of PROJECTS) {
    await page.goto(`/portfolio/${slug}/demo`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const hero = page.getByRole('region', { name: title });
    await expect(hero, slug).toHaveAttribute('data-layout', layout);
    layouts.add(layout);
    // The main button is on a phone's first screen, in the hero, whatever the arrangement.
    const button = hero.getByRole('link', { name: action, exact: true }).first();
    await expect(button, slug).toBeInViewport();
    // One drawing of its own, inline and small: nothing to fetch.
    const art = page.getByRole('main').locator('svg.art');
    await expect(art, slug).toHaveCount(1);
    expect((await art.evaluate((svg) => svg.outerHTML)).length, slug).toBeLessThan(4096);
  }
  expect([...layouts].sort()).toEqual(['booking', 'call-first', 'emergency', 'menu', 'portrait', 'programs']);
});

test('each arrangement fits its business', async ({ page }) => {
  const demo = async (layout: string) => {
    const project = PROJECTS.find((p) => p.layout === layout)!;
    await page.goto(`/portfolio/${project.slug}/demo`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    return page.getByRole('region', { name: title });
  };
  // Restaurant: the drawing fills the hero's width; the menu prints a price beside every dish.
  let hero = await demo('menu');
  const widths = await hero.evaluate((el) => [
    el.getBoundingClientRect().width,
    el.querySelector('svg')!.getBoundingClientRect().width,
  ]);
  expect(widths[1]).toBe(widths[0]);
  const dishes = page.getByRole('region', { name: 'Menu' }).getByRole('listitem');
  for (const dish of await dishes.all()) await expect(dish.getByRole('heading', { level: 3 })).toHaveText(/\d+\s*$/);
  // Law firm: the founder's portrait and her own words, beside the headline.
  hero = await demo('portrait');
  await expect(hero.getByRole('img', { name: /^Drawn portrait of / })).toBeVisible();
  await expect(hero.getByRole('figure').getByRole('blockquote')).toBeVisible();
  // Pet spa, booking first: how booking works and the price list are both in the hero.
  hero = await demo('booking');
  await expect(hero.getByRole('heading', { name: 'How booking works' })).toBeVisible();
  await expect(hero.getByRole('heading', { name: 'Services and prices' })).toBeVisible();
  // HVAC, emergency first: the call bar is the hero's first link.
  hero = await demo('emergency');
  await expect(hero.getByRole('link').first()).toHaveAccessibleName(/^Emergency line/);
  await expect(hero.getByRole('heading', { name: 'What happens when you call' })).toBeVisible();
  // Tutoring: how the first session works, right after the hero.
  await demo('programs');
  await expect(page.getByRole('heading', { name: 'How it starts' })).toBeVisible();
  // Plumbing, call first: the hours card sits in the hero, beside the button.
  hero = await demo('call-first');
  await expect(hero.getByRole('complementary', { name: 'Hours' })).toBeVisible();
});

test("portfolio pages ship no JavaScript but the display face's line, demos none, and nothing is fetched from elsewhere", async ({
  page,
  baseURL,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const scripts = () => page.locator('script:not([type="application/ld+json"])').allTextContents();
  for (const path of ['/portfolio', `/portfolio/${FIRST.slug}`]) {
    await page.goto(path);
    expect(await scripts(), path).toEqual([DISPLAY_FACE_SCRIPT]);
  }
  // A demo is the client's site, not ours: not even our face's line.
  for (const path of PROJECTS.map((p) => `/portfolio/${p.slug}/demo`)) {
    await page.goto(path);
    expect(await scripts(), path).toEqual([]);
  }
  expect(requests.filter((url) => /\.m?js(\?|$)/.test(url))).toEqual([]);
  expect(requests.filter((url) => !url.startsWith(baseURL!) && !url.startsWith('data:'))).toEqual([]);
});

test('case studies are in the sitemap, demos are not', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const paths: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
  }
  for (const { slug } of PROJECTS) {
    expect(paths).toContain(`/portfolio/${slug}`);
    expect(paths).not.toContain(`/portfolio/${slug}/demo`);
  }
});

test.describe('axe: WCAG 2.2 AA, zero violations', () => {
  for (const path of ['/portfolio', `/portfolio/${FIRST.slug}`]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
  for (const { slug } of PROJECTS) {
    test(`/portfolio/${slug}/demo, on a phone and a desktop`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/portfolio/${slug}/demo`);
      await expectNoAxeViolations(page);
      // Nothing wider than the phone (an unbreakable line of opening hours once was).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(page);
    });
  }
});
