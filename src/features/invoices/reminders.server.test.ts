import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import type { AppDatabase } from '#server/db/index.ts';
import { invoices, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { tempDatabase } from '#server/db/temp-database.ts';
import { insertUserStatement } from '#features/accounts/users.server.ts';
import { recordPayment } from '#features/lifecycle/lifecycle.server.ts';
import { issueStatements } from './invoices.server.ts';
import { sendInvoiceReminders } from './reminders.server.ts';

const DAY = 24 * 60 * 60 * 1000;
let database: AppDatabase;
let cleanup: () => void;
let userId: string;

beforeAll(async () => {
  ({ database, cleanup } = await tempDatabase());
  const user = insertUserStatement({
    name: 'Rita Remind',
    email: 'rita@example.com',
    passwordHash: null,
    status: 'active',
  });
  await database.writes.run([user.statement]);
  userId = user.id;
});
afterAll(() => cleanup());

let counter = 0;
/** An open invoice to its own address, issued at `issuedAt` and due 14 days later. */
async function openInvoice(issuedAt: number) {
  const email = `rita-${++counter}@example.com`;
  const { id, statements } = issueStatements(
    {
      purpose: 'build',
      userId,
      customer: { name: 'Rita Remind', business: 'Remind Rentals', email },
      lines: [{ description: 'Custom website build', quantity: 1, unitCents: 380_000 }],
      dueDays: 14,
    },
    issuedAt,
  );
  await database.writes.run(statements);
  return { id, email };
}

const mailsTo = async (to: string) =>
  (await database.db.select().from(outbox).where(eq(outbox.to, to))).map((m) => ({
    kind: m.kind,
    subject: m.subject,
    text: unseal(m.text),
    attachments: m.attachments,
  }));
const agencyNotices = async (id: string) =>
  (
    await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'invoice-overdue-notice')))
  ).filter((m) => (m.attachments ?? []).some((a) => a.ref === id));

describe('invoice reminders', () => {
  it('3 days before, on the due date and 7 days after, each once; the agency is told once it is overdue', async () => {
    const issued = Date.UTC(2031, 2, 2, 15);
    const due = issued + 14 * DAY;
    const { id, email } = await openInvoice(issued);
    const at = async (when: number) => {
      // Two runs at once, as two servers would: each reminder still goes out once.
      await Promise.all([sendInvoiceReminders(database, when), sendInvoiceReminders(database, when)]);
      return (await mailsTo(email)).map((m) => m.kind);
    };

    expect(await at(issued + DAY)).toEqual([]);
    expect(await at(due - 3 * DAY + 60_000)).toEqual(['invoice-reminder-before']);
    expect(await at(due - 2 * DAY)).toEqual(['invoice-reminder-before']);
    expect(await at(due - 12 * 60 * 60 * 1000)).toEqual(['invoice-reminder-before', 'invoice-reminder-due']);
    expect(await agencyNotices(id)).toHaveLength(0);
    expect(await at(due + 60_000)).toHaveLength(2);
    expect(await agencyNotices(id)).toHaveLength(1);
    expect(await at(due + 7 * DAY + 60_000)).toEqual([
      'invoice-reminder-before',
      'invoice-reminder-due',
      'invoice-reminder-overdue',
    ]);
    expect(await at(due + 30 * DAY)).toHaveLength(3);
    expect(await agencyNotices(id)).toHaveLength(1);

    const [overdue] = (await mailsTo(email)).filter((m) => m.kind === 'invoice-reminder-overdue');
    expect(overdue?.attachments).toEqual([{ kind: 'invoice-pdf', ref: id }]);
    expect(overdue?.text).toContain(`/account/invoices/${id}`);
    // Named as every invoice mail names it, with the amount due and the due date (Orlando's day).
    const number = (await database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.number;
    expect(overdue?.subject).toBe(`Overdue: Invoice ${number} from ${site.brand}`);
    expect(overdue?.text).toContain(`${number}. Amount due: $3,800.00, by March 16, 2031.`);
    expect(overdue?.text).toContain('How to pay');
    const [before] = (await mailsTo(email)).filter((m) => m.kind === 'invoice-reminder-before');
    expect(before?.subject).toBe(`Reminder: Invoice ${number} from ${site.brand} is due in 3 days`);
  });

  it('a paid or voided invoice sends nothing more, and a late first run sends only what is current', async () => {
    const issued = Date.UTC(2031, 5, 1, 15);
    const due = issued + 14 * DAY;
    const paid = await openInvoice(issued);
    const voided = await openInvoice(issued);
    const late = await openInvoice(issued);
    await database.db
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(issued) })
      .where(eq(invoices.id, paid.id));
    await database.db
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(issued) })
      .where(eq(invoices.id, voided.id));

    // The first run after the due date: no stale 'due in 3 days' or 'due today' mail.
    await sendInvoiceReminders(database, due + 2 * 60 * 60 * 1000);
    expect(await mailsTo(paid.email)).toEqual([]);
    expect(await mailsTo(voided.email)).toEqual([]);
    expect(await mailsTo(late.email)).toEqual([]);
    expect(await agencyNotices(late.id)).toHaveLength(1);
    expect(await agencyNotices(paid.id)).toHaveLength(0);
  });

  it('a partly paid invoice is chased for its balance: the customer’s reminders and the agency’s notice', async () => {
    const issued = Date.UTC(2031, 8, 1, 15);
    const due = issued + 14 * DAY;
    const { id, email } = await openInvoice(issued);
    const paid = await recordPayment(
      database,
      { invoiceId: id, cents: 100_000, paidAt: new Date(issued + DAY), method: 'check', actorId: null, ip: null },
      issued + DAY,
    );
    expect(paid).toMatchObject({ ok: true, settled: false, balanceCents: 280_000 });

    await sendInvoiceReminders(database, due + 8 * DAY);
    const [overdue] = await mailsTo(email);
    expect(overdue?.kind).toBe('invoice-reminder-overdue');
    expect(overdue?.text).toContain('Balance due: $2,800.00, by September 15, 2031.');
    expect(overdue?.text).not.toContain('$3,800.00');
    const [notice] = await agencyNotices(id);
    const noticeText = unseal(notice!.text);
    expect(noticeText).toMatch(/Balance due:?\s+\$2,800\.00/);
    expect(noticeText).toMatch(/Paid so far:?\s+\$1,000\.00/);
  });

  it('asks for the balance as it stands when the reminder is claimed, not as the batch read it', async () => {
    const issued = Date.UTC(2032, 2, 1, 15);
    const first = await openInvoice(issued);
    const second = await openInvoice(issued + 60 * 60_000);
    // A payment on the second invoice lands while the batch is being worked through: claiming
    // the first invoice's reminder records it (a trigger, so no code of ours is stood in for).
    await database.client.execute(`
      CREATE TRIGGER pay_between AFTER UPDATE OF reminded_before_at ON invoices
      WHEN NEW.id = '${first.id}'
      BEGIN
        INSERT INTO payments (id, invoice_id, amount_cents, received_at, method, created_at)
          VALUES ('between', '${second.id}', 100000, ${issued + DAY}, 'check', ${issued + DAY});
        UPDATE invoices SET paid_cents = 100000 WHERE id = '${second.id}';
      END`);
    try {
      await sendInvoiceReminders(database, issued + 12 * DAY);
    } finally {
      await database.client.execute('DROP TRIGGER pay_between');
    }
    const [reminder] = await mailsTo(second.email);
    expect(reminder?.kind).toBe('invoice-reminder-before');
    expect(reminder?.text).toContain('Balance due: $2,800.00');
  });
});
