import { expect, test } from '@playwright/test';
import { CONTACT } from '#features/contact/copy.ts';
import { pricingReadings, type PricingModel } from '#data/pricing.ts';
import { site, supportHoursLine } from '#data/site.ts';
import { E2E_BUILDS } from './builds.ts';
import { builtPage, builtPages, readableText, sentences } from './built-pages.ts';

// Copy bugs an owner reading the site would catch (issue item 14). The checks read the built pages
// of both pricing readings; scripts/e2e.mjs makes both before any spec runs.
const BUILDS = [E2E_BUILDS.main, E2E_BUILDS.flat];
const allPages = () => BUILDS.flatMap((build) => builtPages(build).map((page) => ({ build: build.name, ...page })));

/** British spellings on a US site; the stems catch -s, -ed, -ing and -ation forms. */
const BRITISH =
  /\b(?:colour\w*|centre[sd]?|favourite\w*|organis\w*|optimis(?:e|ed|es|ing|ation)|behaviour\w*|licence|catalogue[sd]?|neighbour\w*|travell(?:ed|ing|er)\w*|analys(?:e|ed|ing)|enquir\w*|whilst|realis(?:e|ed|ing)|recognis\w*|specialis(?:e|ed|es|ing|ation)|customis\w*|prioritis\w*|personalis\w*|minimis\w*|maximis\w*|summaris\w*|utilis\w*|honour\w*|programme[sd]?|cheque[sd]?|defence|practise[sd]?)\b/gi;

test.describe('copy', () => {
  test("no page uses British spellings such as 'colour'", () => {
    const found = allPages().flatMap((page) =>
      [...readableText(page.html).matchAll(BRITISH)].map((m) => `${page.build} ${page.path}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  test("hours say 'Eastern Time', never 'EST' or another abbreviation that is wrong half the year", () => {
    const found = allPages().flatMap((page) =>
      [...readableText(page.html).matchAll(/\b[ECMP][SD]T\b/g)].map((m) => `${page.build} ${page.path}: ${m[0]}`),
    );
    expect(found).toEqual([]);
    const home = readableText(builtPage(E2E_BUILDS.main, '/').html);
    expect(home).toContain(`${site.businessHours.display}`);
    expect(site.businessHours.display).toMatch(/Eastern Time$/);
  });

  test('/thank-you gives the hours to call that /contact lists, Saturday included', async ({ request }) => {
    // Rendered on demand (it confirms the visitor's own order), so read from the server.
    const thanks = readableText(await (await request.get('/thank-you')).text(), { mainOnly: true });
    expect(thanks).toContain(supportHoursLine);
    expect(supportHoursLine).toContain('Saturday');
    expect(thanks).not.toContain(site.businessHours.display);
  });

  test('/pricing states its lead sentence once, in both readings', () => {
    for (const build of BUILDS) {
      const { intro } = pricingReadings[build.env.PRICING_MODEL as PricingModel];
      const main = readableText(builtPage(build, '/pricing').html, { mainOnly: true });
      expect(main.split(intro).length - 1, build.name).toBe(1);
    }
  });

  test('no page repeats a sentence', () => {
    const repeats = allPages().flatMap((page) => {
      const seen = new Map<string, number>();
      for (const sentence of sentences(readableText(page.html, { mainOnly: true }))) {
        // Whole sentences only: headings such as 'What you will do' rightly recur under each job.
        if (/[.!?]$/.test(sentence) && sentence.split(' ').length >= 4) {
          seen.set(sentence, (seen.get(sentence) ?? 0) + 1);
        }
      }
      return [...seen]
        .filter(([, n]) => n > 1)
        .map(([sentence, n]) => `${page.build} ${page.path}: ${n}x "${sentence}"`);
    });
    expect(repeats).toEqual([]);
  });

  test('the Orlando page does not say how far Orlando is from our Orlando office', () => {
    const orlando = readableText(builtPage(E2E_BUILDS.main, '/locations/florida/orlando').html);
    expect(orlando).not.toMatch(/miles from our Orlando office/);
    expect(orlando).toContain('Our office is here in Orlando');
    // Other nearby cities still get their distance.
    const winterPark = readableText(builtPage(E2E_BUILDS.main, '/locations/florida/winter-park').html);
    expect(winterPark).toMatch(/Winter Park is about \d+ miles from our Orlando office/);
  });

  // Issue 20 item 4 brought the 24-hour promise back: tests/e2e/reply-promise.spec.ts checks every page that states it.
  test('no page promises a reply in other hours than the one promise', () => {
    expect(CONTACT.sentDescription).toBe('We will get back to you shortly!');
    const found = allPages().flatMap((page) =>
      [...readableText(page.html).matchAll(/.{0,40}\bwithin (?:\d+|twenty-four|one|a few) hours?\b.{0,20}/gi)]
        .filter((m) => !m[0].includes(site.replyPromise))
        .map((m) => `${page.build} ${page.path}: ${m[0]}`),
    );
    expect(found).toEqual([]);
    expect(readableText(builtPage(E2E_BUILDS.main, '/contact').html)).toContain(site.replyPromise);
  });
});
