import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { quote, selectionForPlan } from './quote.ts';

const custom = pricingReadings.custom.checkout;
const flat = pricingReadings.flat.checkout;

describe('quote: the server prices every order', () => {
  it('custom: the build alone is $3,800, in cents', () => {
    const q = quote(custom, { extraPages: 0, monthly: false });
    expect(q.totalCents).toBe(380_000);
    expect(q.items).toEqual([
      {
        sku: 'website-build',
        description: 'Custom Website Build',
        quantity: 1,
        unitCents: 380_000,
        amountCents: 380_000,
        interval: 'once',
      },
    ]);
    expect(q.monthly).toBeNull();
  });

  it('custom: extra pages at the per-page price, and the monthly plan as a monthly item', () => {
    const q = quote(custom, { extraPages: 3, monthly: true });
    const perPage = custom.extraPage!.priceCents;
    expect(q.items.map((i) => [i.sku, i.quantity, i.amountCents, i.interval])).toEqual([
      ['website-build', 1, 380_000, 'once'],
      ['extra-page', 3, 3 * perPage, 'once'],
      ['all-inclusive-monthly', 1, 19_900, 'month'],
    ]);
    // The plan starts at launch: nothing of it is due with the order.
    expect(q.totalCents).toBe(380_000 + 3 * perPage);
    expect(q.monthly?.cents).toBe(19_900);
  });

  it('extra pages are capped by the pricing data and never negative or fractional', () => {
    const max = custom.extraPage!.max;
    expect(quote(custom, { extraPages: max + 10, monthly: false }).items[1]!.quantity).toBe(max);
    expect(quote(custom, { extraPages: -2, monthly: false }).items).toHaveLength(1);
    expect(quote(custom, { extraPages: 2.9, monthly: false }).items[1]!.quantity).toBe(2);
  });

  it('flat: $250, no extra pages and no monthly plan whatever is asked', () => {
    const q = quote(flat, { extraPages: 4, monthly: true });
    expect(q.totalCents).toBe(25_000);
    expect(q.items.map((i) => i.sku)).toEqual(['flat-website']);
  });

  it('?plan= preselects the monthly plan only for its own id', () => {
    expect(selectionForPlan(custom, 'all-inclusive-monthly')).toEqual({ extraPages: 0, monthly: true });
    expect(selectionForPlan(custom, 'website-build')).toEqual({ extraPages: 0, monthly: false });
    expect(selectionForPlan(custom, null).monthly).toBe(false);
    expect(selectionForPlan(flat, 'all-inclusive-monthly').monthly).toBe(false);
  });
});
