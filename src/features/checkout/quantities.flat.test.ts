/**
 * The flat reading sells one thing: extra pages or the monthly plan sent to it are refused with
 * the field's message (400; a plain form post gets the form again with it), not dropped from
 * an order placed anyway. The build's reading is a build constant: this file sets it to 'flat'
 * before anything imports the pricing data.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as Record<string, unknown>).__PRICING_MODEL__ = 'flat';
});

import { pricing } from '#data/pricing.ts';
import { takeFormOutcome } from '#server/http/form-outcome.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import { postOrder, recordedFor, uniqueBuyer, validOrder } from './checkout-test-kit.ts';
import { CHECKOUT } from './copy.ts';

const feedbackOf = (jar: Map<string, string>) =>
  takeFormOutcome({ get: () => ({ value: jar.get('form_outcome') }), delete: () => {} } as never, false);

describe('flat reading: what it does not sell is refused', () => {
  it('is the reading under test: no extra pages, no monthly plan', () => {
    expect(pricing.model).toBe('flat');
    expect(pricing.checkout.extraPage).toBeUndefined();
    expect(pricing.checkout.monthly).toBeUndefined();
  });

  it('extra pages: 400 with the field message, nothing recorded', async () => {
    for (const extraPages of [1, '3', 20, 21, -1]) {
      const email = uniqueBuyer('flat-pages');
      const { response } = await postOrder({ ...validOrder(email), extraPages });
      expect(response.status, `extraPages ${String(extraPages)}`).toBe(400);
      expect(await response.json()).toEqual({
        error: API_ERRORS.validation,
        fields: { extraPages: [CHECKOUT.extraPagesNotOffered] },
      });
      expect(await recordedFor(email)).toMatchObject({ orders: [], accounts: [] });
    }
  });

  it('the monthly plan: 400 with the field message, nothing recorded', async () => {
    for (const monthly of [true, 'on']) {
      const email = uniqueBuyer('flat-monthly');
      const { response } = await postOrder({ ...validOrder(email), monthly });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: API_ERRORS.validation,
        fields: { monthly: [CHECKOUT.monthlyNotOffered] },
      });
      expect(await recordedFor(email)).toMatchObject({ orders: [], accounts: [] });
    }
  });

  it('a plain form post with either gets the form again with both messages; nothing recorded', async () => {
    const email = uniqueBuyer('flat-form');
    const { response, jar } = await postOrder(
      { ...validOrder(email), terms: 'on', extraPages: '2', monthly: 'on' },
      { form: true },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout#checkout-form');
    expect(await feedbackOf(jar)).toMatchObject({
      form: '/api/checkout',
      notice: 'invalid',
      fields: { extraPages: [CHECKOUT.extraPagesNotOffered], monthly: [CHECKOUT.monthlyNotOffered] },
    });
    expect((await recordedFor(email)).orders).toEqual([]);
  });

  it('none of either (absent, blank, 0, unticked) places the $250 order', async () => {
    for (const extras of [{}, { extraPages: '', monthly: false }, { extraPages: 0, monthly: 'false' }]) {
      const email = uniqueBuyer('flat-ok');
      const { response } = await postOrder({ ...validOrder(email), ...extras });
      expect(response.status).toBe(201);
      const { orders, items } = await recordedFor(email);
      expect(orders.map((o) => o.totalCents)).toEqual([25_000]);
      expect(items.map((i) => i.sku)).toEqual(['flat-website']);
    }
  });
});
