import { describe, expect, it } from 'vitest';
import { faqFor } from './faq.ts';
import { formatPrice, pricing, pricingReadings, startingPrice } from './pricing.ts';
import { offers } from '../lib/structured-data.ts';
import { PRICE_VALID_UNTIL } from './offer-validity.ts';

describe('pricing readings', () => {
  it('custom: $3,800 build plus $199/month, 7-14 days, one round of revisions', () => {
    const r = pricingReadings.custom;
    expect(r.plans.map((p) => [p.price, p.billing])).toEqual([
      [3800, 'one-time'],
      [199, 'monthly'],
    ]);
    expect(r.delivery.stat).toBe('7-14 Days');
    expect(r.revisions).toBe('One round of revisions after the initial build.');
    expect(r.notes.join(' ')).toContain('about $20 per year');
    expect(r.plans[1]!.features).toContain('Cancel with 30-day notice');
  });

  it('flat: one $250 plan, 7 days, unlimited revisions, no hidden fees', () => {
    const r = pricingReadings.flat;
    expect(r.plans.map((p) => p.price)).toEqual([250]);
    expect(r.delivery.stat).toBe('7 Days');
    expect(r.revisions).toBe('Unlimited revisions.');
    expect(r.plans[0]!.features).toEqual(expect.arrayContaining(['Unlimited revisions', 'No hidden fees']));
  });

  it('the default build uses the custom reading', () => {
    expect(pricing.model).toBe('custom');
  });

  it('formats whole dollars the way the copy does', () => {
    expect(formatPrice(3800)).toBe('$3,800');
    expect(formatPrice(250)).toBe('$250');
    expect(startingPrice(pricingReadings.custom)).toBe(199);
  });
});

describe('FAQ answers follow the selected reading', () => {
  it.each(['custom', 'flat'] as const)('%s answers never state the other reading', (model) => {
    const text = faqFor(pricingReadings[model])
      .map((f) => f.answer)
      .join(' ');
    const other = pricingReadings[model === 'custom' ? 'flat' : 'custom'];
    expect(text).toContain(pricingReadings[model].delivery.phrase);
    expect(text).not.toContain(other.delivery.phrase);
    for (const plan of other.plans) expect(text).not.toContain(formatPrice(plan.price));
  });
});

describe('Offer structured data', () => {
  it('lists each plan with the one priceValidUntil constant', () => {
    const catalog = offers(pricingReadings.custom) as { itemListElement: Record<string, unknown>[] };
    expect(catalog.itemListElement).toHaveLength(2);
    for (const offer of catalog.itemListElement) {
      expect(offer.priceValidUntil).toBe(PRICE_VALID_UNTIL);
      expect(offer.priceCurrency).toBe('USD');
    }
    expect(PRICE_VALID_UNTIL).toBe('2025-12-31');
  });
});
