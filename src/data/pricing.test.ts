import { describe, expect, it } from 'vitest';
import { faqFor } from './faq.ts';
import { CANCELLATION_NOTICE_DAYS, formatPrice, perMonthFromLaunch, priceLine, pricing, pricingReadings } from './pricing.ts';
import { offers } from '#lib/structured-data.ts';
import { PRICE_VALID_UNTIL } from './offer-validity.ts';

describe('pricing readings', () => {
  it('custom: $3,800 build plus $199/month, 7-14 days, one round of revisions', () => {
    const r = pricingReadings.custom;
    expect(r.plans.map((p) => [p.priceCents, p.billing])).toEqual([
      [380_000, 'one-time'],
      [19_900, 'monthly'],
    ]);
    expect(r.delivery.stat).toBe('7-14 Days');
    expect(r.delivery.phrase).toBe('within 7-14 business days');
    expect(r.revisions).toBe('One round of revisions after the initial build.');
    expect(r.plans[0]!.features).toContain('Ready within 7-14 business days once we have your content and logo');
    expect(r.plans[1]!.features).toEqual(expect.arrayContaining(['Domain registration and renewal', 'Cancel with 30-day notice']));
  });

  it('flat: one $250 plan, 7 days, unlimited revisions, no hidden fees', () => {
    const r = pricingReadings.flat;
    expect(r.plans.map((p) => p.priceCents)).toEqual([25_000]);
    expect(r.delivery.stat).toBe('7 Days');
    expect(r.delivery.phrase).toBe('in 7 business days');
    expect(r.revisions).toBe('Unlimited revisions.');
    expect(r.plans[0]!.features).toEqual(expect.arrayContaining(['Unlimited revisions', 'No hidden fees']));
  });

  it('the default build uses the custom reading', () => {
    expect(pricing.model).toBe('custom');
  });

  it('formats whole dollars the way the copy does', () => {
    expect(formatPrice(380_000)).toBe('$3,800');
    expect(formatPrice(25_000)).toBe('$250');
    expect(priceLine(pricingReadings.custom)).toBe('$3,800 one-time, then $199 per month from launch');
    expect(perMonthFromLaunch(19_900)).toBe('$199 per month from launch');
    expect(priceLine(pricingReadings.flat)).toBe('$250 one-time');
  });

  // Issue item 10: 'Websites start at $199' (the monthly plan's price, alone), 'about $20 per year'
  // beside a plan that includes the domain, '14-day delivery' beside '7-14 business days'.
  it.each(['custom', 'flat'] as const)('%s: each fact is stated one way only', (model) => {
    const r = pricingReadings[model];
    const copy = [r.intro, r.summary, r.revisions, ...r.plans.flatMap((p) => [p.description, ...p.features])].join(' ');
    const delivery = r.delivery.businessDays.join('-');
    for (const span of copy.matchAll(/(\d+(?:-\d+)?)[ -](?:business )?days?/g)) {
      expect([delivery, String(CANCELLATION_NOTICE_DAYS)]).toContain(span[1]);
    }
    for (const amount of copy.matchAll(/\$\d{1,3}(?:,\d{3})*/g)) {
      const plan = r.plans.find((p) => formatPrice(p.priceCents) === amount[0]);
      expect(plan, amount[0]).toBeDefined();
      if (plan?.billing === 'monthly') expect(copy).not.toMatch(new RegExp(`\\${amount[0]}(?! per month)`));
    }
    expect(r.summary).toContain(formatPrice(r.plans[0]!.priceCents));
  });

  it('custom: the monthly plan follows the build, it is not an alternative to it', () => {
    const [build, monthly] = pricingReadings.custom.plans;
    expect(build!.billing).toBe('one-time');
    expect(monthly!.badge).toBe('After launch');
    expect(pricingReadings.custom.summary).toMatch(/paid once\. From launch, the All-Inclusive Monthly Plan is \$199 per month/);
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
    for (const plan of other.plans) expect(text).not.toContain(formatPrice(plan.priceCents));
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
    expect(PRICE_VALID_UNTIL).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
