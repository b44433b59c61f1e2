/**
 * The admin list's state filter. 'overdue' is derived (open and past its due date, as
 * invoiceState() says), so the four states do not overlap: 'open' means open and not yet
 * overdue, and open + overdue together are everything still unpaid.
 */
import type { InvoiceState } from '../invoices.server.ts';

export const INVOICE_LIST_STATES = ['open', 'overdue', 'paid', 'void'] as const satisfies readonly InvoiceState[];
