/**
 * Reminders for open invoices, run by the hourly housekeeping: one 3 days before the due date,
 * one on it, one 7 days after; and the agency is told once when an invoice becomes overdue.
 * Each is claimed by a conditional update (its column still empty, the invoice still open) in
 * the transaction that queues its mail, so two runs, or two servers, send it once; paying or
 * voiding an invoice stops what it has not sent yet.
 */
import { and, asc, eq, gt, isNull, lte, type SQL } from 'drizzle-orm';
import { site } from '#data/site.ts';
import type { AppDatabase } from '#server/db/index.ts';
import { invoices } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { invoiceAttachment } from './attachment.server.ts';
import { customerInvoiceUrl } from './build-invoice.ts';
import { paymentInstructions } from './customer-invoices.server.ts';
import type { Invoice } from './invoices.server.ts';
import { invoiceOverdueNotice, invoiceReminderMail, type ReminderStage } from './reminder-mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many of each kind per run: the next run (an hour later) takes the rest. */
const BATCH = 200;

type ReminderColumn = 'remindedBeforeAt' | 'remindedDueAt' | 'remindedOverdueAt' | 'agencyToldOverdueAt';

interface Step {
  /** The invoice's column that records this step was sent. */
  column: ReminderColumn;
  /** Due for this step at `now`: reached, and not yet past the next step (no stale reminders). */
  due: (now: number) => SQL | undefined;
  mail: (invoice: Invoice, now: number) => { to: string; kind: string; mail: ReturnType<typeof invoiceReminderMail> };
}

const reminder = (stage: ReminderStage) => (invoice: Invoice, now: number) => ({
  to: invoice.customerEmail,
  kind: `invoice-reminder-${stage}`,
  mail: invoiceReminderMail(
    invoice,
    stage,
    { invoiceUrl: customerInvoiceUrl(invoice.id), payment: paymentInstructions(invoice) },
    now,
  ),
});

const STEPS: readonly Step[] = [
  {
    column: 'remindedBeforeAt',
    due: (now) => and(lte(invoices.dueAt, new Date(now + 3 * DAY_MS)), gt(invoices.dueAt, new Date(now + DAY_MS))),
    mail: reminder('before'),
  },
  {
    column: 'remindedDueAt',
    due: (now) => and(lte(invoices.dueAt, new Date(now + DAY_MS)), gt(invoices.dueAt, new Date(now))),
    mail: reminder('due'),
  },
  {
    column: 'remindedOverdueAt',
    due: (now) => lte(invoices.dueAt, new Date(now - 7 * DAY_MS)),
    mail: reminder('overdue'),
  },
  {
    column: 'agencyToldOverdueAt',
    due: (now) => lte(invoices.dueAt, new Date(now)),
    mail: (invoice) => ({
      to: serverEnv().AGENCY_INBOX ?? site.email,
      kind: 'invoice-overdue-notice',
      mail: invoiceOverdueNotice(invoice, { adminUrl: `${serverEnv().SITE_URL}/admin/invoices/${invoice.id}` }),
    }),
  },
];

const payable = and(eq(invoices.status, 'open'), eq(invoices.kind, 'invoice'));

/** Sends what is due at `now`; answers how many mails were queued. */
export async function sendInvoiceReminders(database: AppDatabase, now = Date.now()): Promise<number> {
  let queued = 0;
  for (const step of STEPS) {
    const due = await database.db
      .select()
      .from(invoices)
      .where(and(payable, isNull(invoices[step.column]), step.due(now)))
      .orderBy(asc(invoices.dueAt))
      .limit(BATCH);
    for (const invoice of due) {
      const sent = await database.writes.transaction(async (tx) => {
        // The mail is written from the row as claimed, not as read for the batch: a payment
        // recorded in between changes the balance the reminder asks for.
        const [claimed] = await tx
          .update(invoices)
          .set({ [step.column]: new Date(now) })
          .where(and(eq(invoices.id, invoice.id), payable, isNull(invoices[step.column])))
          .returning();
        if (!claimed) return false;
        const { to, kind, mail } = step.mail(claimed, now);
        await tx.batch([outboxInsert({ ...mail, kind, to, attachments: [invoiceAttachment(invoice.id)] }, now)]);
        return true;
      });
      if (sent) queued++;
    }
  }
  return queued;
}
