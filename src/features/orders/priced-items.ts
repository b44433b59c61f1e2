/**
 * What an order is made of once priced: the lines and totals checkout's quote() computes and an
 * order records. Types only; they live with orders, which checkout builds on.
 */
import { formatPrice, perMonthFromLaunch, type Plan } from '#data/pricing.ts';

export type Interval = 'once' | 'month';

export interface QuoteItem {
  /** A plan id, or 'extra-page'. */
  sku: string;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  interval: Interval;
}

export interface Quote {
  items: QuoteItem[];
  /** Due now: the one-time items. A monthly plan is billed from launch, never with the order. */
  totalCents: number;
  /** The monthly plan chosen with the order: it starts when the site is launched. */
  monthly: { plan: Plan; cents: number } | null;
}

/** What a line costs, as the customer reads it: '$3,800', or '$199 per month from launch'. */
export const lineAmountText = (item: { interval: string; amountCents: number }) =>
  item.interval === 'month' ? perMonthFromLaunch(item.amountCents) : formatPrice(item.amountCents);

/** What an invoice-mode checkout asks today: an invoice, not a payment at the till. */
export const INVOICE_TODAY = 'Invoice today, pay online or by bank transfer';

/**
 * Under a total. By card: 'Due today, paid once', or 'Due today, then $199 per month from
 * launch'. Invoiced: 'Invoice today, pay online or by bank transfer', then the same plan line.
 * Under a payment schedule (`scheduled`) the card pays the deposit today, not the total once:
 * 'Deposit due today' (the schedule's own sentence follows with the amounts).
 */
export const dueNote = (monthlyCents: number | null, mode: 'card' | 'invoice' = 'card', scheduled = false) => {
  const today = mode === 'invoice' ? INVOICE_TODAY : scheduled ? 'Deposit due today' : 'Due today';
  if (monthlyCents === null) return mode === 'invoice' || scheduled ? today : `${today}, paid once`;
  return `${today}, then ${perMonthFromLaunch(monthlyCents)}`;
};
