/**
 * The invoice for an order's build: what the order was priced at, line by line, for the
 * customer it was placed for. Issued with the order in invoice mode (or when a held order is
 * confirmed), in the same commit, so no order waits without its invoice.
 */
import { scheduleInvoiceLine, splitBuild, type PaymentSchedule } from '#data/payment-schedule.ts';
import { serverEnv } from '#server/env.ts';
import { invoiceAttachment } from './attachment.server.ts';
import { issueStatements, type InvoiceDraft } from './invoices.server.ts';
import { issuedInvoiceMailStatement } from './mail.ts';

export interface InvoicedOrder {
  id: string;
  userId: string;
  name: string;
  businessName: string;
  email: string;
  items: readonly { description: string; quantity: number; unitCents: number; interval: string }[];
  /** What the order asks for now. */
  totalCents: number;
  /** How the build is billed (absent: in full): under a deposit schedule this issues the deposit. */
  schedule?: PaymentSchedule;
}

/**
 * The lines the build invoice bills: the one-time items. A monthly plan is billed from launch
 * (plan-invoice.ts); only an order placed before that rule, whose total still holds the plan's
 * first month, bills that month here too, so the document always matches what was asked for.
 */
function billedLines(order: InvoicedOrder) {
  const once = order.items.filter((item) => item.interval === 'once');
  const onceCents = once.reduce((sum, item) => sum + item.unitCents * item.quantity, 0);
  const firstMonthInTotal = order.totalCents > onceCents;
  return order.items
    .filter((item) => item.interval === 'once' || firstMonthInTotal)
    .map((item) => ({
      description: item.interval === 'once' ? item.description : `${item.description} (first month)`,
      quantity: item.quantity,
      unitCents: item.unitCents,
    }));
}

/** A card payment the provider confirmed: its amount and its id there (one receipt per payment). */
export interface CardPayment {
  cents: number;
  reference: string;
}

/**
 * The statements that issue `order`'s first invoice at `now` (with `paid`, a receipt: issued
 * paid, by card), its id, the attachment a mail about the order carries and where the customer
 * reads it: the build invoice, or under a deposit schedule the deposit invoice (one line, the
 * deposit's share of the total; the balance is issued by the lifecycle at its stage). An invoice
 * to pay goes out in its own e-mail, queued in the same statements ('Invoice INV-… from …', with
 * how to pay); a receipt travels with the payment's mail instead.
 */
export function buildInvoiceStatements(order: InvoicedOrder, now = Date.now(), paid?: CardPayment) {
  const schedule = order.schedule;
  const deposit = schedule?.kind === 'deposit';
  const draft: InvoiceDraft = {
    ...(paid && { paid: { cents: paid.cents, method: 'card' as const }, providerReference: paid.reference }),
    purpose: deposit ? 'deposit' : 'build',
    userId: order.userId,
    orderId: order.id,
    customer: { name: order.name, business: order.businessName, email: order.email },
    lines: deposit
      ? [
          {
            description: scheduleInvoiceLine(schedule, 'deposit', order.totalCents),
            quantity: 1,
            unitCents: splitBuild(order.totalCents, schedule).depositCents,
          },
        ]
      : billedLines(order),
    dueDays: paid ? 0 : serverEnv().INVOICE_DUE_DAYS,
  };
  const issued = issueStatements(draft, now);
  const statements = paid
    ? issued.statements
    : [...issued.statements, issuedInvoiceMailStatement(draft, issued.id, 'invoice', now)];
  return { id: issued.id, statements, attachment: invoiceAttachment(issued.id), url: customerInvoiceUrl(issued.id) };
}

/** Where the customer reads invoice `id` (signed in). */
export const customerInvoiceUrl = (id: string) => `${serverEnv().SITE_URL}/account/invoices/${id}`;
