/**
 * The server's price for what a customer selected at /checkout. Every amount an order
 * records comes from here and src/data/pricing.ts; nothing the browser sends is a price.
 * Shared with the checkout page's script, which shows the same total live.
 */
import type { CheckoutOffer, Plan } from '#data/pricing.ts';
import type { Interval, Quote, QuoteItem } from '#features/orders/priced-items.ts';

export interface Selection {
  /** Pages beyond the base plan's (0 when the reading sells none). */
  extraPages: number;
  /** Add the reading's monthly plan to the build. */
  monthly: boolean;
}

export const EXTRA_PAGE_SKU = 'extra-page';

const intervalOf = (plan: Plan): Interval => (plan.billing === 'monthly' ? 'month' : 'once');

const item = (sku: string, description: string, quantity: number, unitCents: number, interval: Interval) => ({
  sku,
  description,
  quantity,
  unitCents,
  amountCents: unitCents * quantity,
  interval,
});

export function quote(offer: CheckoutOffer, selection: Selection): Quote {
  const { base, monthly, extraPage } = offer;
  const items: QuoteItem[] = [item(base.id, base.name, 1, base.priceCents, intervalOf(base))];
  const pages = extraPage ? Math.max(0, Math.min(extraPage.max, Math.trunc(selection.extraPages))) : 0;
  if (extraPage && pages > 0) items.push(item(EXTRA_PAGE_SKU, 'Extra page', pages, extraPage.priceCents, 'once'));
  const withMonthly = monthly && selection.monthly ? monthly : null;
  if (withMonthly) items.push(item(withMonthly.id, withMonthly.name, 1, withMonthly.priceCents, 'month'));
  return {
    items,
    // The plan is billed from launch (subscriptions/plan-start.server.ts): nothing of it is due today.
    totalCents: items.reduce((sum, line) => sum + (line.interval === 'once' ? line.amountCents : 0), 0),
    monthly: withMonthly ? { plan: withMonthly, cents: withMonthly.priceCents } : null,
  };
}

/**
 * The selection a link asks for: `?plan=` the monthly plan's id preselects it with the build, and
 * `?extraPages=` a number of pages the offer sells (anything else is none).
 */
export function selectionForPlan(
  offer: CheckoutOffer,
  plan: string | null,
  extraPages: string | null = null,
): Selection {
  const pages = Number(extraPages ?? 0);
  const sold = offer.extraPage && Number.isInteger(pages) && pages >= 0 && pages <= offer.extraPage.max ? pages : 0;
  return { extraPages: sold, monthly: plan !== null && offer.monthly?.id === plan };
}
