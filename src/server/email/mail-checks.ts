/**
 * Test support: what every mail must be, checked the same way for every kind. Each feature's
 * mail test builds its mails with hostile text in them and hands them here.
 */
import { expect } from 'vitest';
import { addressLine, site } from '#data/site.ts';
import type { RenderedMail } from './layout.ts';
import { PASTE_LINK } from './template.ts';

/** Text a customer could type that breaks markup when it is not escaped. */
export const HOSTILE = `Jo <script>alert("x")</script> & "Sons" 'Q' <img src=x onerror=alert(1)>`;
/** HOSTILE as it must appear in HTML. */
export const HOSTILE_ESCAPED =
  'Jo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Sons&quot; &#39;Q&#39; &lt;img src=x onerror=alert(1)&gt;';

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** What a reader sees of an HTML mail: no head, no tags, entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ENTITIES[name]!);
}

/** Every link target in an HTML mail, decoded. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&(lt|gt|quot|#39|amp);/g, (_, n) => ENTITIES[n]!));

/**
 * The words of a text, case and punctuation around them aside (a list's "-" is the text part's
 * bullet): what both parts must share.
 */
const words = (text: string) =>
  [...new Set(text.split(/\s+/).map((w) => w.replace(/^\(+|[.,:;!?)]+$/g, '').toLowerCase()))]
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .sort();

/** The HTML carries no markup that a value brought in, and shows the value as typed. */
export function expectEscaped(mail: RenderedMail, value = HOSTILE) {
  expect(mail.text).toContain(value);
  expect(mail.html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
  expect(mail.html).toContain(value === HOSTILE ? HOSTILE_ESCAPED : value);
  expect(visibleText(mail.html)).toContain(value);
}

/** The text part and the HTML part say the same words (the HTML adds only the paste-this-link hint). */
export function expectSameContent(mail: RenderedMail) {
  const html = `${visibleText(mail.html).replaceAll(PASTE_LINK, ' ')} ${hrefs(mail.html).join(' ')}`;
  expect(words(html)).toEqual(words(mail.text));
}

/** A mail a customer reads: fit for a phone, signed with the agency's name and address. */
export function expectCustomerMail(mail: RenderedMail) {
  expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(mail.html).toMatch(/max-width:600px/);
  expect(mail.html).toMatch(/<body style="[^"]*font-size:16px/);
  const footer = /<p [^>]*>([^<]*)<br>([^<]*)<\/p>\s*<\/div><\/body><\/html>$/.exec(mail.html);
  expect(footer?.slice(1)).toEqual([site.brand, addressLine]);
  expect(mail.text.endsWith(`\n\n${site.brand}\n${addressLine}`)).toBe(true);
  expectSameContent(mail);
}

/** A mail to the agency: the same two parts, without the customer footer. */
export function expectAgencyMail(mail: RenderedMail) {
  expect(mail.text).not.toContain(addressLine);
  expectSameContent(mail);
}
