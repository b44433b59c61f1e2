/**
 * The invoice for an order's build: what the order was priced at, line by line, for the
 * customer it was placed for. Issued with the order in invoice mode (or when a held order is
 * confirmed), in the same commit, so no order waits without its invoice.
 */
import { serverEnv } from '#server/env.ts';
import { invoiceAttachment } from './attachment.server.ts';
import { issueStatements } from './invoices.server.ts';

export interface InvoicedOrder {
  id: string;
  userId: string;
  name: string;
  businessName: string;
  email: string;
  items: readonly { description: string; quantity: number; unitCents: number; interval: string }[];
}

/** A plan's month billed with the build (until the plan starts at launch) says so on its line. */
const lineDescription = (item: InvoicedOrder['items'][number]) =>
  item.interval === 'month' ? `${item.description} (first month)` : item.description;

/** A card payment the provider confirmed: its amount and its id there (one receipt per payment). */
export interface CardPayment {
  cents: number;
  reference: string;
}

/**
 * The statements that issue `order`'s build invoice at `now` (with `paid`, a receipt: issued
 * paid, by card), its id, the mail's attachment and where the customer reads it.
 */
export function buildInvoiceStatements(order: InvoicedOrder, now = Date.now(), paid?: CardPayment) {
  const issued = issueStatements(
    {
      ...(paid && { paid: { cents: paid.cents, method: 'card' as const }, providerReference: paid.reference }),
      purpose: 'build',
      userId: order.userId,
      orderId: order.id,
      customer: { name: order.name, business: order.businessName, email: order.email },
      lines: order.items.map((item) => ({
        description: lineDescription(item),
        quantity: item.quantity,
        unitCents: item.unitCents,
      })),
      dueDays: paid ? 0 : serverEnv().INVOICE_DUE_DAYS,
    },
    now,
  );
  return { ...issued, attachment: invoiceAttachment(issued.id), url: customerInvoiceUrl(issued.id) };
}

/** Where the customer reads invoice `id` (signed in). */
export const customerInvoiceUrl = (id: string) => `${serverEnv().SITE_URL}/account/invoices/${id}`;
