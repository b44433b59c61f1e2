/**
 * What the admin's launch form says about a payment schedule's balance (the rules: schedule.server.ts).
 * Launch never waits for money: the agency's choice is to launch on time and keep the balance owed,
 * reminded like any invoice, so the form states the open balance (or the one launch will issue).
 */
import { formatPrice } from '#data/pricing.ts';
import { scheduleOf, splitBuild } from '#data/payment-schedule.ts';
import type { invoices } from '#server/db/schema.ts';
import { LIFECYCLE } from './copy.ts';
import { balanceDue } from './moves.ts';

type Invoice = Pick<
  typeof invoices.$inferSelect,
  'kind' | 'purpose' | 'status' | 'number' | 'totalCents' | 'paidCents'
>;

/** The launch form's sentence on the balance, or null (billed in full, or the balance is settled or void). */
export function balanceAtLaunch(
  order: { totalCents: number; depositPercent: number | null; balanceStage: string | null },
  orderInvoices: readonly Invoice[],
): string | null {
  const schedule = scheduleOf(order);
  if (schedule.kind === 'in-full') return null;
  const balance = orderInvoices.find((i) => i.kind === 'invoice' && i.purpose === 'balance');
  if (!balance)
    return LIFECYCLE.balanceIssuedAtLaunch(formatPrice(splitBuild(order.totalCents, schedule).balanceCents));
  const due = balanceDue(balance);
  return due > 0 ? LIFECYCLE.balanceOpenAtLaunch(balance.number, formatPrice(due)) : null;
}

/** What an order's build invoices (build, deposit, balance) received: what a refund of it returns. */
export const paidOnBuild = (orderInvoices: readonly Invoice[]) =>
  orderInvoices
    .filter((i) => i.kind === 'invoice' && ['build', 'deposit', 'balance'].includes(i.purpose))
    .reduce((sum, i) => sum + (i.paidCents ?? 0), 0);
