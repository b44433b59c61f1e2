import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { bookings, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { availableSlots, cancelBooking, createBooking, openBooking } from './bookings.server.ts';
import { sendBookingReminders } from './reminders.server.ts';

const database = await getDatabase();
const db = database.db;
const HOUR = 60 * 60 * 1000;

const details = (email: string) => ({
  name: 'Ann Lee',
  email,
  phone: '407 555 0100',
  business: null,
  topic: 'A site for my dental practice.',
});

/** Books a free slot more than a day ahead (slot times are real; the clock is passed in). */
async function bookAhead(email: string, n: number) {
  const slots = (await availableSlots(db)).filter((s) => s.start.getTime() > Date.now() + 26 * HOUR);
  const start = slots[n]!.start;
  const result = await createBooking(database, { ...details(email), start });
  if (!result.ok) throw new Error(result.reason);
  return { ...result, start };
}

const reminders = async (to: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, to))).filter((m) => m.kind === 'booking-reminder');

describe('sendBookingReminders', () => {
  it('sends one reminder within 24 hours of the call, once, with a working manage link', async () => {
    const { id, token, start } = await bookAhead('remind@example.com', 0);
    // 25 hours before: not yet.
    expect(await sendBookingReminders(database, start.getTime() - 25 * HOUR)).toBe(0);
    const at = start.getTime() - 23.5 * HOUR;
    expect(await sendBookingReminders(database, at)).toBe(1);
    // The next hourly run, and a second server, send nothing more.
    expect(await sendBookingReminders(database, at + HOUR)).toBe(0);
    const sent = await reminders('remind@example.com');
    expect(sent).toHaveLength(1);
    const link = /\/book\/manage\?token=([^\s)"]+)/.exec(unseal(sent[0]!.text))?.[1];
    const reminderToken = decodeURIComponent(link!);
    expect(reminderToken).not.toBe(token);
    expect((await openBooking(db, reminderToken))?.id).toBe(id);
    // The confirmation's link keeps working.
    expect((await openBooking(db, token))?.id).toBe(id);
  });

  it('sends none for a cancelled call', async () => {
    const { id, start } = await bookAhead('gone@example.com', 1);
    await cancelBooking(database, { id, by: 'visitor' });
    expect(await sendBookingReminders(database, start.getTime() - 23 * HOUR)).toBe(0);
    expect(await reminders('gone@example.com')).toHaveLength(0);
    expect((await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.remindedAt).toBeNull();
  });
});
