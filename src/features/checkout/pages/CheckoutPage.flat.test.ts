/**
 * /checkout under the flat reading, after a plain post refused for what the flat site does not
 * sell: there is no extra pages field or monthly checkbox to put the messages beside, so the
 * form shows them at its top.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as Record<string, unknown>).__PRICING_MODEL__ = 'flat';
});

import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { pricing } from '#data/pricing.ts';
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

const feedbackCookie = (fields: Record<string, string[]>, values: Record<string, string>) =>
  `form_outcome=${Buffer.from(JSON.stringify({ form: '/api/checkout', fields, values })).toString('base64url')}`;

describe('flat /checkout after a refused plain post', () => {
  it('shows why: extra pages and the monthly plan are not offered', async () => {
    expect(pricing.model).toBe('flat');
    const before = await render();
    expect(before).not.toContain(CHECKOUT.extraPagesNotOffered);
    const html = await render(
      feedbackCookie(
        { extraPages: [CHECKOUT.extraPagesNotOffered], monthly: [CHECKOUT.monthlyNotOffered] },
        { extraPages: '2', monthly: 'on', name: 'Maria Lopez' },
      ),
    );
    const top = /<ul[^>]*data-unsold[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect(top).toContain(CHECKOUT.extraPagesNotOffered);
    expect(top).toContain(CHECKOUT.monthlyNotOffered);
    // Still the $250 site: nothing was added to the total.
    expect(html).toMatch(/data-total[^>]*>\$250</);
  });
});
