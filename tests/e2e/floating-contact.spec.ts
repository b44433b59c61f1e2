import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The call and text buttons (FloatingContact.astro). Below 80rem they dock as a full-width
 * opaque bar whose height the page reserves; from 80rem they float in the page's side
 * margin. Either way they must never sit over text or controls.
 */
const PAGES = ['/', '/contact', '/locations/florida/orlando'];
const PHONES = [360, 390, 430];

const CALL = /^Call us at \(\d{3}\) \d{3}-\d{4}$/;
const TEXT = /^Text us at \(\d{3}\) \d{3}-\d{4}$/;
const quickContact = (page: Page) => page.getByRole('complementary', { name: 'Call or text us' });
const buttons = (page: Page): [Locator, Locator] => [
  page.getByRole('link', { name: CALL }),
  page.getByRole('link', { name: TEXT }),
];

interface Overlap {
  what: string;
  scrollY: number;
}

/**
 * Text and controls that a button covers at the current scroll position. A band of the
 * screen counts as reserved when the buttons' container spans the full width with an
 * opaque background: what scrolls under it is hidden along the whole line (like the page
 * under a sticky header), never visible beside a button. Outside such a band, any text or
 * control whose box meets a button's box is covered.
 */
function coveredNow(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    const links = [...document.querySelectorAll('a')].filter((a) =>
      /^(Call|Text) us at/.test(a.getAttribute('aria-label') ?? a.textContent?.trim() ?? ''),
    );
    const aside = links[0]?.parentElement;
    if (links.length !== 2 || !aside) throw new Error('expected one Call and one Text button');
    const asideBox = aside.getBoundingClientRect();
    const bg = getComputedStyle(aside).backgroundColor;
    const opaque = /^rgb\(/.test(bg) || /^rgba\(.*,\s*1\)$/.test(bg);
    const band = asideBox.left <= 0 && asideBox.right >= innerWidth && opaque ? asideBox : null;
    const buttonBoxes = links.map((a) => a.getBoundingClientRect());

    const boxes: { what: string; rect: DOMRect }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || aside.contains(parent)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Visually hidden (sr-only) text: its 1 px box clips a line that would measure far wider.
      const own = parent.getBoundingClientRect();
      if (own.width < 2 || own.height < 2) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        boxes.push({ what: `text "${node.textContent.trim().slice(0, 40)}"`, rect });
    }
    const controls = 'a[href], button, input, select, textarea, summary, label, [tabindex]:not([tabindex="-1"])';
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (aside.contains(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      boxes.push({
        what: `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('name') || '').trim().slice(0, 40)}"`,
        rect: el.getBoundingClientRect(),
      });
    }

    const found: { what: string; scrollY: number }[] = [];
    for (const { what, rect } of boxes) {
      if (rect.width < 2 || rect.height < 2) continue; // visually hidden (sr-only) text
      const top = rect.top;
      let bottom = rect.bottom;
      if (band) {
        // The part under the reserved band is hidden along the whole line; keep what shows.
        if (top >= band.top) continue;
        bottom = Math.min(bottom, band.top);
      }
      const hit = buttonBoxes.some(
        (b) => rect.left < b.right && rect.right > b.left && top < b.bottom && bottom > b.top,
      );
      if (hit) found.push({ what, scrollY: Math.round(scrollY) });
    }
    return found;
  });
}

/** Covered text and controls from the top of the page to its end, a little more than half a screen at a time. */
async function coveredAnywhere(page: Page): Promise<Overlap[]> {
  const found: Overlap[] = [];
  const { height, viewport } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    viewport: innerHeight,
  }));
  for (let y = 0; ; y += Math.round(viewport * 0.6)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    found.push(...(await coveredNow(page)));
    if (y >= height - viewport) break;
  }
  return found;
}

const boxesMeet = async (a: Locator, b: Locator) => {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  return !!p && !!q && p.x < q.x + q.width && p.x + p.width > q.x && p.y < q.y + q.height && p.y + p.height > q.y;
};

test.describe('call and text buttons on phones', () => {
  for (const width of PHONES) {
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });

      for (const path of PAGES) {
        test(`${path}: never over text or controls, inside a landmark`, async ({ page }) => {
          await page.goto(path);
          const [call, text] = buttons(page);
          await expect(call).toBeVisible();
          await expect(call).toHaveAttribute('href', /^tel:\+1\d{10}$/);
          await expect(text).toBeVisible();
          await expect(text).toHaveAttribute('href', /^sms:\+1\d{10}/);
          expect(await coveredAnywhere(page)).toEqual([]);

          // At the very end the footer's last line sits above the buttons (their space is reserved).
          const copyright = page.getByRole('contentinfo').getByText('All rights reserved');
          const last = (await copyright.boundingBox())!;
          const top = Math.min((await call.boundingBox())!.y, (await text.boundingBox())!.y);
          expect(last.y + last.height).toBeLessThanOrEqual(top);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

          // In a landmark of their own (axe's 'region' rule), found by role and name.
          await expect(quickContact(page).getByRole('link', { name: CALL })).toBeVisible();
          await expect(quickContact(page).getByRole('link', { name: TEXT })).toBeVisible();
        });
      }

      test('keyboard focus never lands under the buttons (/contact)', async ({ page }) => {
        // Measure where focus comes to rest, not a frame of the smooth scroll towards it.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/contact');
        const [call, text] = buttons(page);
        const seen = new Set<string>();
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press('Tab');
          const focused = page.locator(':focus');
          const { id, isButton } = await focused.evaluate((el) => ({
            id: `${el.tagName.toLowerCase()}#${el.id} "${el.textContent?.trim().slice(0, 30)}"`,
            isButton: /^(Call|Text) us at/.test(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''),
          }));
          if (isButton) break; // reached the buttons themselves, after the footer
          seen.add(id);
          expect(await boxesMeet(focused, call), `${id} under the Call button`).toBe(false);
          expect(await boxesMeet(focused, text), `${id} under the Text button`).toBe(false);
        }
        // The walk went through the form's fields on its way.
        expect([...seen].some((s) => s.startsWith('input#contact-subject'))).toBe(true);
      });

      test('the buttons sit on an opaque bar, so they show over light and dark sections', async ({ page }) => {
        await page.goto('/');
        const bar = quickContact(page);
        await expect(bar).toBeVisible();
        const box = (await bar.boundingBox())!;
        expect(box.x).toBeLessThanOrEqual(0);
        expect(box.x + box.width).toBeGreaterThanOrEqual(width);
        expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
        // Over the dark footer too.
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        for (const button of buttons(page)) await expect(button).toBeInViewport({ ratio: 1 });
      });
    });
  }
});

test.describe('call and text buttons on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of PAGES) {
    test(`${path}: in the side margin, never over text or controls`, async ({ page }) => {
      await page.goto(path);
      for (const button of buttons(page)) {
        await expect(button).toBeVisible();
        // A white ring keeps them visible on dark sections (the footer), a coloured fill on light ones.
        expect(await button.evaluate((el) => getComputedStyle(el).boxShadow)).toContain(
          'rgb(255, 255, 255) 0px 0px 0px 2px',
        );
      }
      expect(await coveredAnywhere(page)).toEqual([]);
    });
  }
});
