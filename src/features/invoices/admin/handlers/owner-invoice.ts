/**
 * POST /api/admin/invoices: the owner's invoice (owner-invoice-form.ts), issued by the lifecycle:
 * a new 'manual' invoice for the chosen customer (issueOwnerInvoice), or with `replaces`, the
 * corrected invoice for a void one (issueCorrectedInvoice: its customer, purpose and order kept).
 * Admins only; numbered, e-mailed and audited in one commit. A refused plain form post lands back
 * on the form with every value typed and the field to fix.
 */
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { issueCorrectedInvoice, issueOwnerInvoice } from '#features/lifecycle/owner-invoices.server.ts';
import { OWNER_INVOICES } from '../../copy.ts';
import { ID_PATTERN, ownerInvoiceSchema } from '../owner-invoice-form.ts';
import { invoicePage } from './invoice-actions.ts';

export const OWNER_INVOICE_ACTION = '/api/admin/invoices';

/** The form's page for what was posted: the customer chosen, or the invoice being corrected. */
export function ownerInvoiceFormPath(raw: Record<string, unknown>): string {
  const id = (value: unknown) => (typeof value === 'string' && ID_PATTERN.test(value) ? value : null);
  const replaces = id(raw.replaces);
  if (replaces) return `/admin/invoices/new?replaces=${replaces}`;
  const customer = id(raw.customer);
  return customer ? `/admin/invoices/new?customer=${customer}` : '/admin/invoices/new';
}

const FAILURES = {
  invalid: { status: 400, error: OWNER_INVOICES.invalid },
  'customer-not-found': { status: 404, error: OWNER_INVOICES.customerNotFound },
  'order-not-found': { status: 404, error: OWNER_INVOICES.orderNotFound },
  'not-found': { status: 404, error: OWNER_INVOICES.replacedNotFound },
  'order-ended': { status: 409, error: OWNER_INVOICES.orderEnded },
  'order-not-payable': { status: 409, error: OWNER_INVOICES.orderNotPayable },
  'order-has-invoice': { status: 409, error: OWNER_INVOICES.orderHasInvoice },
  'not-void': { status: 409, error: OWNER_INVOICES.notVoid },
  'already-replaced': { status: 409, error: OWNER_INVOICES.alreadyReplaced },
};

/** The form field a refusal is about. */
const FIELD_OF: Partial<Record<keyof typeof FAILURES, 'customer' | 'order'>> = {
  'customer-not-found': 'customer',
  'order-not-found': 'order',
  'order-ended': 'order',
  'order-not-payable': 'order',
  'order-has-invoice': 'order',
};

export const postOwnerInvoice = defineMutation({
  access: 'admin',
  schema: ownerInvoiceSchema,
  // Twenty lines of text and figures, well under the host's 100 KB.
  maxBytes: 64 * 1024,
  failures: FAILURES,
  formFailure: (code: FailureCode, { raw }) => landing(ownerInvoiceFormPath(raw), code),
  async handle({ input, user, database, clientAddress, refuse }) {
    const common = { lines: input.lines, dueAt: input.dueAt, note: input.note, actorId: user.id, ip: clientAddress };
    const result = input.replaces
      ? await issueCorrectedInvoice(database, { ...common, replaces: input.replaces })
      : await issueOwnerInvoice(database, { ...common, customerId: input.customer, orderId: input.order });
    if (!result.ok) {
      // A new invoice's refusal about its customer or order names that field (a correction's has none).
      const field = input.replaces ? undefined : FIELD_OF[result.reason];
      return refuse(result.reason, field ? { fields: { [field]: [FAILURES[result.reason].error] } } : {});
    }
    return done(invoicePage(result.invoiceId, 'issued'), 201, { id: result.invoiceId, number: result.number });
  },
});
