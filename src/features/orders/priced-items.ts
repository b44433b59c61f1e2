/**
 * What an order is made of once priced: the lines and totals checkout's quote() computes and an
 * order records. Types only; they live with orders, which checkout builds on.
 */
import type { Plan } from '#data/pricing.ts';

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
  /** Due now: the one-time items plus the first month of a monthly plan. */
  totalCents: number;
  /** The monthly plan bought with the order, charged every month after the first. */
  monthly: { plan: Plan; cents: number } | null;
}
