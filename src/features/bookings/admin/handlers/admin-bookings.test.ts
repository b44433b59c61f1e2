import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database, db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { auditLog, bookingBlocks, bookings, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { availableSlots, createBooking } from '../../bookings.server.ts';
import { formatAgencyTime } from '../../zone.ts';
import { postAdminCancel, postBlock, postNotes, postUnblock } from './admin-bookings.ts';

const admin = await person('admin');
const customer = await person('customer');

/** 'YYYY-MM-DDTHH:MM' in Orlando for `at`, as a datetime-local field sends it. */
const local = (at: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
};

async function bookOne(email: string, n: number) {
  const start = (await availableSlots(db))[n]!.start;
  const result = await createBooking(database, {
    start,
    name: 'Bo Diaz',
    email,
    phone: '4075550111',
    business: null,
    topic: 'A refresh of our old site.',
  });
  if (!result.ok) throw new Error(result.reason);
  return result.id;
}

describe('admin bookings', () => {
  it('blocks a range (read in Eastern time) so its slots are not offered, and unblocks it; both audited', async () => {
    const slots = await availableSlots(db);
    const first = slots[3]!.start;
    const res = await postAs(
      postBlock,
      '/api/admin/bookings/blocks',
      {},
      { from: local(first), to: local(new Date(first.getTime() + 60 * 60_000)), reason: 'Dentist' },
      admin,
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [block] = await db.select().from(bookingBlocks).where(eq(bookingBlocks.id, id));
    expect(block?.startsAt.getTime()).toBe(first.getTime());
    const offered = (await availableSlots(db)).map((s) => s.start.getTime());
    expect(offered).not.toContain(first.getTime());
    expect(offered).not.toContain(first.getTime() + 30 * 60_000);
    expect(
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'booking.block'), eq(auditLog.entityId, id)))
      ).length,
    ).toBe(1);

    const un = await postAs(postUnblock, `/api/admin/bookings/blocks/${id}/delete`, { id }, {}, admin);
    expect(un.status).toBe(200);
    expect((await availableSlots(db)).map((s) => s.start.getTime())).toContain(first.getTime());
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'booking.unblock'))).length).toBe(1);
  });

  it('refuses a range that ends before it starts, and customers', async () => {
    const bad = await postAs(
      postBlock,
      '/api/admin/bookings/blocks',
      {},
      { from: '2030-01-07T10:00', to: '2030-01-07T09:00' },
      admin,
    );
    expect(bad.status).toBe(400);
    const denied = await postAs(
      postBlock,
      '/api/admin/bookings/blocks',
      {},
      { from: '2030-01-07T09:00', to: '2030-01-07T10:00' },
      customer,
    );
    expect(denied.status).toBe(403);
  });

  it('saves notes, audited', async () => {
    const id = await bookOne('notes@example.com', 0);
    const res = await postAs(
      postNotes,
      `/api/admin/bookings/${id}/notes`,
      { id },
      { notes: 'Wants a booking widget.' },
      admin,
    );
    expect(res.status).toBe(200);
    expect((await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.notes).toBe('Wants a booking widget.');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking.note'), eq(auditLog.entityId, id)));
    expect(entry?.actorId).toBe(admin.id);
  });

  it('cancels with a message mailed to the visitor, audited; the slot is free again', async () => {
    const id = await bookOne('cancelme@example.com', 1);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    const res = await postAs(
      postAdminCancel,
      `/api/admin/bookings/${id}/cancel`,
      { id },
      { message: 'Sorry, we are closed that day.' },
      admin,
      true,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/admin/bookings/${id}`);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'cancelme@example.com'), eq(outbox.kind, 'booking-cancelled')));
    expect(unseal(mail!.text)).toContain('Sorry, we are closed that day.');
    expect(unseal(mail!.text)).toContain(formatAgencyTime(row!.startsAt));
    expect(
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'booking.cancel'), eq(auditLog.entityId, id)))
      ).length,
    ).toBe(1);
    expect((await availableSlots(db)).map((s) => s.start.getTime())).toContain(row!.startsAt.getTime());
    const again = await postAs(
      postAdminCancel,
      `/api/admin/bookings/${id}/cancel`,
      { id },
      { message: 'Again' },
      admin,
    );
    expect(again.status).toBe(409);
    // Nothing audited for the refused one.
    expect(
      (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'booking.cancel'), eq(auditLog.entityId, id)))
      ).length,
    ).toBe(1);
  });
});
