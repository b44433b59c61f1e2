/**
 * The admin's actions on an invoice: POST /api/admin/invoices/{id}/mark-paid, /void and /send.
 * Admins only; bad input is a 400 naming the field (a plain form lands back on the invoice with
 * the messages) and changes nothing; an invoice that is no longer open is a 409.
 */
import * as z from 'zod/mini';
import { PAYMENT_METHODS } from '#server/db/schema.ts';
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { noControlCharacters } from '#lib/text-fields.ts';
import { ADMIN_INVOICES } from '../../copy.ts';
import { agencyDay, agencyDayStart, isCalendarDay } from '../agency-days.ts';
import { creditInvoice, recordPayment, voidInvoice } from '#features/lifecycle/lifecycle.server.ts';
import { LIFECYCLE } from '#features/lifecycle/copy.ts';
import { sendInvoiceAgain } from '../invoice-actions.server.ts';

export const invoicePage = (id: string, notice?: string) => landing(`/admin/invoices/${id}`, notice);

/** The form actions, for the page's forms and their field messages. */
export const invoiceActions = (id: string) => ({
  markPaid: `/api/admin/invoices/${id}/mark-paid`,
  void: `/api/admin/invoices/${id}/void`,
  send: `/api/admin/invoices/${id}/send`,
  credit: `/api/admin/invoices/${id}/credit`,
});

const invoiceRoute = {
  params: { id: recordId },
  failures: {
    'not-found': { status: 404, error: ADMIN_INVOICES.notFound },
    'not-open': { status: 409, error: ADMIN_INVOICES.notOpen },
    void: { status: 409, error: ADMIN_INVOICES.isVoid },
    'has-payments': { status: 409, error: LIFECYCLE.hasPayments },
    'over-balance': { status: 422, error: LIFECYCLE.overBalance },
    'over-credit': { status: 422, error: LIFECYCLE.overCredit },
    'not-paid': { status: 409, error: ADMIN_INVOICES.notPaid },
    'stripe-dashboard': { status: 409, error: ADMIN_INVOICES.stripeDashboard },
    provider: { status: 502, error: ADMIN_INVOICES.providerDown },
    invalid: { status: 400, error: ADMIN_INVOICES.invalid },
  },
};

/** A failed plain form post lands on the invoice with the notice; an unknown invoice on the list. */
function formFailure(code: FailureCode, { params }: { params: { id?: string } }) {
  return code === 'not-found' || !params.id ? '/admin/invoices' : invoicePage(params.id, code);
}

/**
 * Dollars as typed (1499, 1499.5, $1499.00) to integer cents, exactly: split at the point rather
 * than multiplied as a float (0.29 * 100 is 28.999...). `message` names the field's amount.
 */
export const dollarsSchema = (message: string) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: message }),
      z.transform((v) => String(v).trim().replace(/^\$/, '')),
    ),
    z.pipe(
      z.string().check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, message)),
      z.pipe(
        z.transform((v: string) => {
          const [whole = '0', part = ''] = v.split('.');
          return Number(whole) * 100 + Number(part.padEnd(2, '0'));
        }),
        z.number().check(z.positive(message)),
      ),
    ),
  );

export const amountSchema = dollarsSchema(ADMIN_INVOICES.amountInvalid);

/** The day the money arrived, in Orlando: a real date, not after today. */
const paidOnSchema = z.string({ error: ADMIN_INVOICES.dateInvalid }).check(
  z.trim(),
  // One message per mistake: a date that is not one is not also 'in the future'.
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: ADMIN_INVOICES.dateInvalid, abort: true }),
  z.refine((day) => isCalendarDay(day) && day >= '2000-01-01', { error: ADMIN_INVOICES.dateInvalid, abort: true }),
  // ISO dates compare as text.
  z.refine((day) => day <= agencyDay(Date.now()), ADMIN_INVOICES.dateFuture),
);

const markPaidSchema = z.object({
  /** Dollars received, above zero. */
  amount: amountSchema,
  /** YYYY-MM-DD, today or earlier (Orlando). */
  date: paidOnSchema,
  /** bank_transfer, check, cash or card. */
  method: z.enum(PAYMENT_METHODS, { error: ADMIN_INVOICES.methodInvalid }),
});

/** A reason kept on the document and shown on it, 1-300 characters. */
const reasonSchema = z
  .string({ error: ADMIN_INVOICES.reasonInvalid })
  .check(
    z.trim(),
    z.minLength(1, ADMIN_INVOICES.reasonInvalid),
    z.maxLength(300, ADMIN_INVOICES.reasonInvalid),
    noControlCharacters(ADMIN_INVOICES.reasonControl, { multiline: true }),
  );

const voidSchema = z.object({
  /** Why it is void. */
  reason: reasonSchema,
});

/** The admin's credit note form: shared by the page's form and the endpoint. */
const creditSchema = z.object({
  /** Dollars returned, above zero, at most what can still be credited. */
  amount: dollarsSchema(ADMIN_INVOICES.creditAmountInvalid),
  /** Why: on the credit note, its PDF and e-mail. */
  reason: reasonSchema,
});

/**
 * POST /api/admin/invoices/{id}/mark-paid {amount, date, method}: a payment is recorded against
 * the invoice (the lifecycle's recordPayment): Partly paid while a balance remains, Paid once the
 * payments reach the total, when a build's order awaiting payment moves to Paid in the same
 * commit. More than the balance is refused (422) with the form kept. Audited 'invoice.mark-paid'
 * (and 'order.status' when the order moved).
 */
export const postInvoiceMarkPaid = defineMutation({
  access: 'admin',
  ...invoiceRoute,
  schema: markPaidSchema,
  formFailure,
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const { id } = params;
    const now = Date.now();
    // Today's payment keeps the time it was recorded; an earlier day starts at its midnight.
    const paidAt = input.date === agencyDay(now) ? new Date(now) : agencyDayStart(input.date);
    const result = await recordPayment(
      database,
      { invoiceId: id, actorId: user.id, ip: clientAddress, cents: input.amount, paidAt, method: input.method },
      now,
    );
    if (!result.ok) {
      if (result.reason === 'over-balance')
        return refuse('over-balance', { fields: { amount: [LIFECYCLE.overBalance] } });
      return refuse(result.reason);
    }
    const notice = result.orderMoved ? 'marked-paid-order' : result.settled ? 'marked-paid' : 'part-paid';
    return done(invoicePage(id, notice), 200, {
      id,
      status: result.settled ? 'paid' : 'partly_paid',
      balanceCents: result.balanceCents,
      orderMoved: result.orderMoved,
    });
  },
});

/** POST /api/admin/invoices/{id}/void {reason}: an open or overdue invoice becomes Void. Audited 'invoice.void'. */
export const postInvoiceVoid = defineMutation({
  access: 'admin',
  ...invoiceRoute,
  schema: voidSchema,
  formFailure,
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const { id } = params;
    const result = await voidInvoice(database, {
      invoiceId: id,
      actorId: user.id,
      ip: clientAddress,
      reason: input.reason,
    });
    if (!result.ok) return refuse(result.reason);
    return done(invoicePage(id, 'voided'), 200, { id, status: 'void' });
  },
});

/** POST /api/admin/invoices/{id}/send: the invoice e-mail, PDF attached, queued again. Audited 'invoice.send'. */
export const postInvoiceSend = defineMutation({
  access: 'admin',
  ...invoiceRoute,
  schema: null,
  fieldFeedback: false,
  formFailure,
  async handle({ user, database, params, clientAddress, refuse }) {
    const { id } = params;
    const result = await sendInvoiceAgain(database, { invoiceId: id, actorId: user.id, ip: clientAddress });
    if (!result.ok) return refuse(result.reason);
    return done(invoicePage(id, 'sent'), 202, { id, queued: true });
  },
});

/**
 * POST /api/admin/invoices/{id}/credit {amount, reason}: a credit note for part (or the rest) of
 * what was paid on the invoice, through the lifecycle's creditInvoice (Stripe refunds a card
 * payment's part first). The invoice and its order keep their status. More than can still be
 * credited is refused (422) with the form kept. Audited 'invoice.credit-note'.
 */
export const postInvoiceCredit = defineMutation({
  access: 'admin',
  ...invoiceRoute,
  schema: creditSchema,
  formFailure,
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const { id } = params;
    const result = await creditInvoice(database, {
      invoiceId: id,
      cents: input.amount,
      reason: input.reason,
      actorId: user.id,
      ip: clientAddress,
    });
    if (!result.ok) {
      if (result.reason === 'over-credit') return refuse('over-credit', { fields: { amount: [LIFECYCLE.overCredit] } });
      return refuse(result.reason);
    }
    return done(invoicePage(id, 'credited'), 200, {
      id,
      creditNoteId: result.creditNoteId,
      refundId: result.refundId,
      creditableCents: result.creditableCents,
    });
  },
});
