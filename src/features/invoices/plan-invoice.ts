/**
 * A monthly plan's invoice for one billing period: issued open on the billing date in invoice
 * mode (subscriptions/plan-billing.server.ts), or issued paid as the receipt of a renewal Stripe
 * charged. Issued and mailed (with its PDF) in one commit; one live invoice per plan and period
 * is the database's unique index (invoices_plan_period_idx), so a retry or a second server
 * issuing the same period fails the whole commit instead of billing twice.
 */
import { formatAgencyDate } from '#lib/dates.ts';
import type { WriteQuery } from '#server/db/index.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { invoiceAttachment } from './attachment.server.ts';
import type { CardPayment } from './build-invoice.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { issueStatements } from './invoices.server.ts';
import { planInvoiceMail } from './mail.ts';

export interface PlanPeriodBill {
  subscriptionId: string;
  userId: string;
  /** The plan's name, e.g. 'All-Inclusive Monthly Plan'. */
  description: string;
  priceCents: number;
  /** Start inclusive, end exclusive (ms). */
  period: { start: number; end: number };
  customer: { name: string; business: string; email: string };
}

const DAY_MS = 24 * 60 * 60_000;

/** 'All-Inclusive Monthly Plan, Dec 1, 2026 to Dec 31, 2026': the last day is the one before the next period. */
export const periodLine = (bill: Pick<PlanPeriodBill, 'description' | 'period'>) =>
  `${bill.description}, ${formatAgencyDate(new Date(bill.period.start))} to ${formatAgencyDate(new Date(bill.period.end - DAY_MS))}`;

/**
 * The statements that issue (and mail) the plan's invoice for `bill.period` at `now`; with
 * `paid`, a receipt for a payment the provider took (one per provider payment, by its id).
 */
export function planInvoiceStatements(
  bill: PlanPeriodBill,
  now = Date.now(),
  paid?: CardPayment,
): { id: string; statements: WriteQuery[] } {
  const dueDays = paid ? 0 : serverEnv().INVOICE_DUE_DAYS;
  const line = periodLine(bill);
  const issued = issueStatements(
    {
      ...(paid && { paid: { cents: paid.cents, method: 'card' as const }, providerReference: paid.reference }),
      purpose: 'plan',
      userId: bill.userId,
      subscriptionId: bill.subscriptionId,
      period: bill.period,
      customer: bill.customer,
      lines: [{ description: line, quantity: 1, unitCents: bill.priceCents }],
      dueDays,
    },
    now,
  );
  const mail = planInvoiceMail({
    customerName: bill.customer.name,
    line,
    totalCents: bill.priceCents,
    dueAt: paid ? null : new Date(now + dueDays * DAY_MS),
    invoiceUrl: customerInvoiceUrl(issued.id),
  });
  return {
    id: issued.id,
    statements: [
      ...issued.statements,
      outboxInsert(
        {
          ...mail,
          kind: paid ? 'plan-receipt' : 'plan-invoice',
          to: bill.customer.email,
          attachments: [invoiceAttachment(issued.id)],
        },
        now,
      ),
    ],
  };
}
