/**
 * Quantities outside what the custom reading sells are refused, never cut: POST /api/checkout
 * answers 400 with the field's message (a plain form post: the form again, with it) and
 * records nothing. The flat reading's twin is quantities.flat.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { pricing } from '#data/pricing.ts';
import { takeFormOutcome } from '#server/http/form-outcome.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import { postOrder, recordedFor, uniqueBuyer, validOrder } from './checkout-test-kit.ts';
import { CHECKOUT } from './copy.ts';

const TOO_MANY = 'Extra pages must be a whole number from 0 to 20';

describe('custom reading: extra pages', () => {
  it('is the reading under test, selling up to 20 extra pages', () => {
    expect(pricing.model).toBe('custom');
    expect(pricing.checkout.extraPage?.max).toBe(20);
    expect(CHECKOUT.extraPages.replace('{max}', '20')).toBe(TOO_MANY);
  });

  it('21 to 50, or anything not a whole number: 400 with the field message, and nothing recorded', async () => {
    for (const extraPages of [21, 35, 50, '21', 51, -1, 2.5, '2.5', '1e1', 'ten', true]) {
      const email = uniqueBuyer('pages');
      const { response } = await postOrder({ ...validOrder(email), extraPages });
      expect(response.status, `extraPages ${String(extraPages)}`).toBe(400);
      expect(await response.json()).toEqual({ error: API_ERRORS.validation, fields: { extraPages: [TOO_MANY] } });
      const recorded = await recordedFor(email);
      expect(recorded.orders).toEqual([]);
      expect(recorded.accounts).toEqual([]);
    }
  });

  it('a plain form post with 21 gets the form again with the message; nothing recorded', async () => {
    const email = uniqueBuyer('pages-form');
    const { response, jar } = await postOrder({ ...validOrder(email), terms: 'on', extraPages: '21' }, { form: true });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout#checkout-form');
    const feedback = await takeFormOutcome(
      { get: () => ({ value: jar.get('form_outcome') }), delete: () => {} } as never,
      false,
    );
    expect(feedback).toMatchObject({ form: '/api/checkout', notice: 'invalid', fields: { extraPages: [TOO_MANY] } });
    expect(feedback?.values?.extraPages).toBe('21');
    expect((await recordedFor(email)).orders).toEqual([]);
  });

  it('0 to 20 are sold as asked: 20 extra pages are 20 on the order', async () => {
    const email = uniqueBuyer('pages-ok');
    const { response } = await postOrder({ ...validOrder(email), extraPages: 20, monthly: true });
    expect(response.status).toBe(201);
    const { orders, items } = await recordedFor(email);
    expect(orders).toHaveLength(1);
    expect(items.find((i) => i.sku === 'extra-page')?.quantity).toBe(20);
    expect(items.some((i) => i.sku === 'all-inclusive-monthly')).toBe(true);
    // The monthly plan is billed from launch: not in what the order asks for now.
    expect(orders[0]?.totalCents).toBe(380_000 + 20 * 15_000);
  });
});
