/**
 * /checkout as the server renders it: the consent names the purchase agreement
 * (/terms-of-service) and the refund policy, not the site's terms of use (/terms); after a
 * refused plain post the page shows the field's message.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { CHECKOUT } from '../copy.ts';
import CheckoutPage from './CheckoutPage.astro';

async function render(cookie?: string) {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
  return container.renderToString(CheckoutPage, {
    request: new Request('http://localhost:4321/checkout', { headers: cookie ? { cookie } : {} }),
    locals: { user: null, session: null },
  });
}

/** The form-outcome cookie a refused plain post leaves (src/server/http/form-outcome.ts). */
const feedbackCookie = (fields: Record<string, string[]>, values: Record<string, string>) =>
  `form_outcome=${Buffer.from(JSON.stringify({ form: '/api/checkout', fields, values })).toString('base64url')}`;

/** The consent checkbox's label and the links in it. */
function consent(html: string) {
  const label = /<label for="checkout-terms"[^>]*>([\s\S]*?)<\/label>/.exec(html)?.[1] ?? '';
  const links = [...label.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => [text, href]);
  return {
    text: label
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    links,
  };
}

describe('the checkout consent', () => {
  it('links the purchase terms (/terms-of-service) and the refund policy, not /terms', async () => {
    const { text, links } = consent(await render());
    expect(text).toBe(CHECKOUT.termsLabel);
    expect(links).toEqual([
      ['Terms', '/terms-of-service'],
      ['Refund Policy', '/refund-policy'],
    ]);
  });
});

describe('after a refused plain post', () => {
  it('shows the extra pages message beside the field, with what was typed', async () => {
    const message = CHECKOUT.extraPages.replace('{max}', '20');
    const html = await render(feedbackCookie({ extraPages: [message] }, { extraPages: '21' }));
    expect(html).toContain(message);
    expect(html).toMatch(/<input[^>]*name="extraPages"[^>]*value="21"|<input[^>]*value="21"[^>]*name="extraPages"/);
  });
});

describe('the invoice-mode promise', () => {
  it('without Stripe, promises an invoice payable by bank transfer, not online', async () => {
    const html = await render();
    expect(html).toContain(CHECKOUT.invoiceNote(false));
    expect(html).not.toContain('payable online');
  });
});

describe('the focused frame', () => {
  it("has the slim header and footer, no site menus, and lists the build's features", async () => {
    const html = await render();
    expect(html).toMatch(/<a href="tel:\+14075550142"[^>]*>\s*\(407\) 555-0142\s*<\/a>/);
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain('quick-contact');
    const features = /<ul[^>]*data-features[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    // Dev renders carry source attributes on each element.
    expect(features.match(/<li[\s>]/g)).toHaveLength(7);
    expect(features).toMatch(/<li[^>]*>Custom 5-page website<\/li>/);
  });
});
