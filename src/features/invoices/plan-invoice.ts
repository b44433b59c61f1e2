/**
 * A monthly plan's invoice for one billing period: issued open on the billing date in invoice
 * mode (subscriptions/plan-billing.server.ts), or issued paid as the receipt of a renewal Stripe
 * charged. Issued and mailed (with its PDF) in one commit; one live invoice per plan and period
 * is the database's unique index (invoices_plan_period_idx), so a retry or a second server
 * issuing the same period fails the whole commit instead of billing twice.
 */
import type { WriteQuery } from '#server/db/index.ts';
import { serverEnv } from '#server/env.ts';
import type { CardPayment } from './build-invoice.ts';
import { issueStatements, type InvoiceDraft } from './invoices.server.ts';
import { issuedInvoiceMailStatement } from './mail.ts';

export interface PlanPeriodBill {
  subscriptionId: string;
  userId: string;
  /** The plan's name, e.g. 'All-Inclusive Monthly Plan': the invoice's line (its period is stated once, apart). */
  description: string;
  priceCents: number;
  /** Start inclusive, end exclusive (ms). */
  period: { start: number; end: number };
  customer: { name: string; business: string; email: string };
}

/**
 * The statements that issue (and mail) the plan's invoice for `bill.period` at `now`; with
 * `paid`, a receipt for a payment the provider took (one per provider payment, by its id).
 */
export function planInvoiceStatements(
  bill: PlanPeriodBill,
  now = Date.now(),
  paid?: CardPayment,
): { id: string; statements: WriteQuery[] } {
  const draft: InvoiceDraft = {
    ...(paid && { paid: { cents: paid.cents, method: 'card' as const }, providerReference: paid.reference }),
    purpose: 'plan',
    userId: bill.userId,
    subscriptionId: bill.subscriptionId,
    period: bill.period,
    customer: bill.customer,
    lines: [{ description: bill.description, quantity: 1, unitCents: bill.priceCents }],
    dueDays: paid ? 0 : serverEnv().INVOICE_DUE_DAYS,
  };
  const issued = issueStatements(draft, now);
  return {
    id: issued.id,
    statements: [
      ...issued.statements,
      issuedInvoiceMailStatement(draft, issued.id, paid ? 'plan-receipt' : 'plan-invoice', now),
    ],
  };
}
