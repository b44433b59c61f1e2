import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { database, db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { auditLog, bookingBlocks, bookings, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { formOutcomeOf, outcomeCookieOf } from '#server/http/testing/call-route.ts';
import { availableSlots, createBooking } from '../../bookings.server.ts';
import { ADMIN_BOOKINGS as A } from '../../copy.ts';
import { formatAgencyTime } from '../../zone.ts';
import BookingsList from '../BookingsList.astro';
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

  const block = (body: Record<string, string>, form = false) =>
    postAs(postBlock, '/api/admin/bookings/blocks', {}, body, admin, form);
  const blocksNow = async () => (await db.select().from(bookingBlocks)).length;

  it('answers 400 with the field’s message for a value that is not a time, and blocks nothing', async () => {
    const before = await blocksNow();
    for (const from of ['soon', '', '2030-01-07T25:00', '2030-01-07T10:75', '2030-01-07']) {
      const res = await block({ from, to: '2030-01-07T11:00' });
      expect(res.status, from).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string[]> }).fields.from, from).toEqual([A.blockNotATime]);
    }
    expect(await blocksNow()).toBe(before);
  });

  it('refuses 30 February (not rolled over to March), the hour the clocks skip, and times in the past', async () => {
    const before = await blocksNow();
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2030-02-30T10:00', to: '2030-03-01T11:00' }, 'from', A.blockNoSuchDay],
      [{ from: '2030-02-27T10:00', to: '2030-02-30T11:00' }, 'to', A.blockNoSuchDay],
      [{ from: '2030-03-10T02:30', to: '2030-03-10T04:00' }, 'from', A.blockSkippedHour],
      [{ from: '2020-01-06T10:00', to: '2020-01-06T11:00' }, 'from', A.blockPast],
      [
        { from: local(new Date(Date.now() - 2 * 60_000)), to: local(new Date(Date.now() + 60 * 60_000)) },
        'from',
        A.blockPast,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await block(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string[]> }).fields[field]).toEqual([message]);
    }
    expect(await blocksNow()).toBe(before);
    // The current minute is now, not the past.
    const now = await block({ from: local(new Date()), to: local(new Date(Date.now() + 5 * 60_000)) });
    expect(now.status).toBe(201);
  });

  it('gives a plain form back with every typed value and the field to fix', async () => {
    const res = await block({ from: '2030-02-30T10:00', to: '2030-03-02T09:00', reason: 'Team day' }, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/bookings');
    const outcome = await formOutcomeOf(res);
    expect(outcome?.notice).toBe('invalid');
    expect(outcome?.form).toBe('/api/admin/bookings/blocks');
    expect(outcome?.fields?.from).toEqual([A.blockNoSuchDay]);
    expect(outcome?.values).toEqual({ from: '2030-02-30T10:00', to: '2030-03-02T09:00', reason: 'Team day' });
  });

  it('warns when the range covers a booked call and blocks nothing until the admin confirms those calls', async () => {
    const id = await bookOne('covered@example.com', 9);
    const [call] = await db.select().from(bookings).where(eq(bookings.id, id));
    const range = { from: local(call!.startsAt), to: local(call!.endsAt), reason: 'Flight' };
    const before = await blocksNow();

    const warned = await block(range);
    expect(warned.status).toBe(409);
    expect(await warned.json()).toEqual({
      error: A.coversCallsError,
      fields: { cancelCalls: [A.coversCalls(1)] },
    });
    const plain = await block(range, true);
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/admin/bookings');
    expect(await blocksNow()).toBe(before);
    expect((await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status).toBe('active');

    // The page it lands on (the outcome is read once, there) keeps the typed range and lists the
    // call, with the confirmation.
    const cookie = Object.entries(outcomeCookieOf(plain))
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const container = await AstroContainer.create();
    const html = await container.renderToString(BookingsList, {
      request: new Request('http://localhost:4321/admin/bookings', { headers: { cookie } }),
      locals: { user: admin, session: null },
    });
    expect(html).toContain(A.coversCallsTitle);
    expect(html).toContain(A.coversCalls(1));
    expect(html).toContain(`href="/admin/bookings/${id}"`);
    expect(html).toMatch(new RegExp(`name="cancelCalls" value="${id}"`));
    expect(html).toMatch(new RegExp(`name="from"[^>]*value="${range.from}"`));
    expect(html).toContain(A.confirmBlock(1));
    expect(await db.select().from(outbox).where(eq(outbox.to, 'covered@example.com'))).toHaveLength(1); // the booking's own

    // A confirmation that does not name every call in the range (say, one booked since) asks again.
    const stale = await block({ ...range, cancelCalls: 'abcdefghjkmnpqrstuvwxyz234' });
    expect(stale.status).toBe(409);
    expect(await blocksNow()).toBe(before);
  });

  it('confirmed, cancels the covered calls and mails each visitor in the block’s commit, each audited', async () => {
    const first = await bookOne('first-covered@example.com', 12);
    const second = await bookOne('second-covered@example.com', 13);
    const rows = await db.select().from(bookings).where(eq(bookings.id, first));
    const [last] = await db.select().from(bookings).where(eq(bookings.id, second));
    const range = { from: local(rows[0]!.startsAt), to: local(last!.endsAt) };
    const res = await block({ ...range, cancelCalls: `${first} ${second}` }, true);
    expect(res.status).toBe(303);
    expect((await formOutcomeOf(res))?.notice).toBe('blocked-cancelled');

    const [blockRow] = await db.select().from(bookingBlocks).where(eq(bookingBlocks.startsAt, rows[0]!.startsAt));
    expect(blockRow?.endsAt.getTime()).toBe(last!.endsAt.getTime());
    for (const [id, email] of [
      [first, 'first-covered@example.com'],
      [second, 'second-covered@example.com'],
    ] as const) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(row?.status).toBe('cancelled');
      expect(row?.cancelledBy).toBe('agency');
      const [mail] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.kind, 'booking-cancelled')));
      expect(unseal(mail!.text)).toContain(A.blockCancelMessage);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'booking.cancel'), eq(auditLog.entityId, id)));
      expect(entry?.actorId).toBe(admin.id);
    }
    const [blockEntry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking.block'), eq(auditLog.entityId, blockRow!.id)));
    expect(blockEntry?.after).toMatchObject({ cancelled: [first, second] });
  });
});
