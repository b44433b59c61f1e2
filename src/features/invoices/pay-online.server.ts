/**
 * Paying an open invoice online (when Stripe is configured): its owner's 'Pay online' opens a
 * Checkout Session for the invoice's total (the payments feature opens it, given to the route as
 * `OpenInvoiceCheckout`: invoices never import payments), and a paid session marks the invoice
 * paid by card through the lifecycle's recordPaymentIn, as an admin's 'Mark paid' is, so a build's
 * invoice pays its order too. The session's id is the invoice's provider reference (unique):
 * the success redirect and the webhook both arrive, and only one records the payment.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/index.ts';
import { invoices } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import type { SessionUser } from '#server/security/session-user.ts';
import { site } from '#data/site.ts';
import { recordPaymentIn } from '#features/lifecycle/lifecycle.server.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { invoiceForViewer } from './customer-invoices.server.ts';
import { balanceDue } from './invoices.server.ts';
import { extraPaymentNotice } from './reminder-mail.ts';

/** What a payment page needs to charge an invoice: its total, as issued, and where to come back. */
export interface PayableInvoice {
  id: string;
  number: string;
  totalCents: number;
  currency: string;
  customerEmail: string;
  /** The invoice's page: Stripe's cancel link goes back there. */
  url: string;
}

/** Opens (or finds again) the payment page for `invoice`: where to send the customer. */
export type OpenInvoiceCheckout = (invoice: PayableInvoice) => Promise<{ redirect: string }>;

export type Payability = { ok: true; invoice: PayableInvoice } | { ok: false; reason: 'not-found' | 'not-open' };

/**
 * Invoice `id` as `viewer` may pay it now: their own (or, for an admin, anyone's, as they see
 * it), an invoice rather than a credit note, and open or overdue. Others are 'not-found'.
 */
export async function payableInvoice(db: Db, id: string, viewer: SessionUser): Promise<Payability> {
  const invoice = await invoiceForViewer(db, id, viewer);
  if (!invoice) return { ok: false, reason: 'not-found' };
  if (invoice.kind !== 'invoice' || invoice.status !== 'open') return { ok: false, reason: 'not-open' };
  return {
    ok: true,
    invoice: {
      id: invoice.id,
      number: invoice.number,
      // A partly paid invoice is paid online for what is still owed.
      totalCents: balanceDue(invoice),
      currency: invoice.currency,
      customerEmail: invoice.customerEmail,
      url: customerInvoiceUrl(invoice.id),
    },
  };
}

/** A paid Checkout Session naming an invoice (metadata.invoice_id), as the payments feature read it. */
export interface InvoiceSessionPayment {
  sessionId: string;
  invoiceId: string;
  amountCents: number | null;
  currency: string | null;
}

export type InvoiceSessionOutcome =
  /** This call recorded the payment. */
  | 'paid'
  /** This session paid it before (the other path, or a redelivery): nothing changed. */
  | 'already-paid'
  /** No invoice of ours by that id, or a credit note. */
  | 'unknown-invoice'
  /** The session's amount or currency is not the invoice's: not taken as its payment. */
  | 'amount-mismatch'
  /** Paid otherwise or voided meanwhile: money the agency must give back. */
  | 'not-open';

/**
 * Inside the caller's transaction (the webhook's, with its event id, or the success redirect's):
 * records `payment` as the invoice's, by card, paid now, with the session as its reference.
 * Settling a build invoice moves its order to paid in the same commit, as an admin's Mark paid does.
 */
export async function payInvoiceBySessionIn(
  tx: Tx,
  payment: InvoiceSessionPayment,
  /** Tell the agency of money to give back: the webhook does, once per event; the redirect does not. */
  { tellAgency }: { tellAgency: boolean },
  now = Date.now(),
): Promise<InvoiceSessionOutcome> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
  if (invoice?.kind !== 'invoice') return 'unknown-invoice';
  if (invoice.providerReference === payment.sessionId) return 'already-paid';
  // The session was opened for the balance due (the total, unless part of it was paid before).
  const expected = invoice.status === 'open' ? balanceDue(invoice) : invoice.totalCents;
  if (
    payment.amountCents === null ||
    payment.amountCents !== expected ||
    payment.currency?.toLowerCase() !== invoice.currency
  ) {
    console.error(
      `stripe: session ${payment.sessionId} paid ${payment.amountCents} ${payment.currency} for invoice ${invoice.number} of ${invoice.totalCents} ${invoice.currency}`,
    );
    return 'amount-mismatch';
  }
  const result = await recordPaymentIn(
    tx,
    {
      invoiceId: invoice.id,
      actorId: null,
      ip: null,
      cents: payment.amountCents,
      paidAt: new Date(now),
      method: 'card',
      providerReference: payment.sessionId,
    },
    now,
  );
  if (result.ok) return 'paid';
  console.warn(
    `stripe: session ${payment.sessionId} paid invoice ${invoice.number}, which was already ${invoice.status}`,
  );
  if (tellAgency) {
    const mail = extraPaymentNotice(invoice, payment.sessionId, {
      adminUrl: `${serverEnv().SITE_URL}/admin/invoices/${invoice.id}`,
    });
    await tx.batch([
      outboxInsert(
        {
          ...mail,
          kind: 'invoice-extra-payment',
          to: serverEnv().AGENCY_INBOX ?? site.email,
          replyTo: invoice.customerEmail,
        },
        now,
      ),
    ]);
  }
  return 'not-open';
}
