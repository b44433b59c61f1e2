import { expect, test } from '@playwright/test';
import { CONTACT } from '#features/contact/copy.ts';
import { site } from '#data/site.ts';
import { E2E_BUILDS } from './builds.ts';
import { builtPage, builtPages, readableText, sentences } from './built-pages.ts';

// Issue 20 item 4: the contact section, and every page that promises a reply, says a reply comes
// within 24 hours; the toast after sending keeps its own words. Read from both builds' pages.
const BUILDS = [E2E_BUILDS.main, E2E_BUILDS.flat];
const PROMISE = 'within 24 hours';
/** A sentence about how soon the visitor hears back from us. */
const REPLY_TIMING =
  /\b(?:get back to you|we(?: will)? (?:reply|respond|answer)|replies come|answered)\b[^.!?]*\b(?:shortly|soon|within|as soon as|same day|business day)\b/i;
/** A concept project's demo speaks for its fictional business, not for us. */
const isDemo = (path: string) => /^\/portfolio\/[^/]+\/demo$/.test(path);

/** The text of the page's contact section (<section id="contact">). */
function contactSection(html: string): string {
  const start = html.indexOf('<section id="contact"');
  expect(start, 'the page has the contact section').toBeGreaterThanOrEqual(0);
  return readableText(html.slice(start, html.indexOf('</section>', start) + '</section>'.length));
}

test.describe('the reply promise', () => {
  test("is 'within 24 hours' in the site facts; the toast after sending stays 'We will get back to you shortly!'", () => {
    expect(site.replyPromise).toContain(PROMISE);
    expect(CONTACT.sentDescription).toBe('We will get back to you shortly!');
  });

  test('the contact section on / and /contact says replies come within 24 hours', () => {
    for (const build of BUILDS) {
      for (const path of ['/', '/contact']) {
        expect(contactSection(builtPage(build, path).html), `${build.name} ${path}`).toContain(site.replyPromise);
      }
    }
  });

  test('every page that says how soon we reply says within 24 hours', async ({ request }) => {
    const stated: string[] = [];
    const otherwise: string[] = [];
    for (const build of BUILDS) {
      // /thank-you is rendered on demand (it confirms the visitor's own order): read it from the server.
      const onDemand = await Promise.all(
        ['/thank-you', '/thank-you?for=message'].map(async (path) => ({
          path: path.replace(/\?.*$/, ''),
          html: await (await request.get(`${build.origin}${path}`)).text(),
        })),
      );
      for (const page of [...builtPages(build), ...onDemand]) {
        if (isDemo(page.path)) continue;
        for (const sentence of sentences(readableText(page.html))) {
          if (!REPLY_TIMING.test(sentence) && !sentence.includes(PROMISE)) continue;
          (sentence.includes(PROMISE) ? stated : otherwise).push(`${build.name} ${page.path}: ${sentence}`);
        }
      }
    }
    expect(otherwise).toEqual([]);
    // The places that make the promise: /contact (its header and section), the home page's section,
    // /thank-you, the FAQ answer about support and every city page's call to action.
    for (const path of ['/', '/contact', '/thank-you', '/faq', '/locations/florida/orlando']) {
      expect(
        stated.some((s) => s.startsWith(`main ${path}: `)),
        path,
      ).toBe(true);
    }
  });
});
