import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { bookingBlocks, bookings, leads, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { availableSlots, openBooking } from '../bookings.server.ts';
import { BOOKING_COPY } from '../copy.ts';
import { renderInviteAttachment } from '../invite-attachment.ts';
import { postBooking } from './book.ts';
import { postCancel, postReschedule } from './manage.ts';

// The route's own database: the temp libSQL file vitest-database.ts points DATABASE_URL at for this file.
const database = await getDatabase();
const db = database.db;

let ip = 0;
/** A client address of its own per request keeps the per-client limit out of the way. */
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

const details = (n = 1) => ({
  name: `Visitor ${n}`,
  email: `Visitor${n}@Example.com`,
  phone: '(407) 555-0199',
  business: 'Sunny Bakery',
  topic: 'A new website for my bakery, with online orders.',
});

const book = (start: Date, body: Record<string, unknown> = details(), form = false) =>
  callRoute(postBooking, '/api/bookings', { body: { ...body, start: String(start.getTime()) }, form, ip: nextIp() });

/**
 * The nth slot free now that is still offered an hour from now: the earliest slot offered at this
 * instant can fall inside the booking notice a moment later (a test starting just before a slot
 * boundary then saw its booking refused), so tests pick from the later window.
 */
const freeSlot = async (n = 0) => (await availableSlots(db, Date.now() + 60 * 60_000))[n]!.start;

const mailsFor = async (to: string) => db.select().from(outbox).where(eq(outbox.to, to));

describe('POST /api/bookings', () => {
  it('books one of 20 concurrent requests for the same slot; the others get 409', async () => {
    const start = await freeSlot(0);
    const calls = await Promise.all(Array.from({ length: 20 }, (_, i) => book(start, details(100 + i))));
    const statuses = calls.map((c) => c.response.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const { response } of calls.filter((c) => c.response.status === 409)) {
      expect(await response.json()).toEqual({
        error: 'That time was just taken, please pick another',
        fields: { start: ['That time was just taken, please pick another'] },
      });
    }
    const rows = await db.select().from(bookings).where(eq(bookings.startsAt, start));
    expect(rows).toHaveLength(1);
    // Only the winner's mails were queued.
    const visitorMails = await db.select().from(outbox).where(eq(outbox.kind, 'booking-booked'));
    expect(visitorMails.filter((m) => m.to === rows[0]!.email)).toHaveLength(1);
    expect(visitorMails).toHaveLength(1);
    // The slot is no longer offered.
    expect((await availableSlots(db)).map((s) => s.start.getTime())).not.toContain(start.getTime());
    // The one who booked is a lead at 'Call booked'; those refused left no lead behind.
    const booked = await db.select().from(leads).where(like(leads.email, 'visitor1__@example.com'));
    expect(booked.map((l) => [l.email, l.stage, l.source])).toEqual([[rows[0]!.email, 'call_booked', 'booking']]);
  });

  it('mails the visitor an invitation in UTC and a manage link whose secret is not stored', async () => {
    const start = await freeSlot(1);
    const { response } = await book(start, details(2));
    expect(response.status).toBe(201);
    const { id, location } = (await response.json()) as { id: string; location: string };
    const token = decodeURIComponent(location.split('token=')[1]!);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({
      email: 'visitor2@example.com',
      status: 'active',
      sequence: 0,
      business: 'Sunny Bakery',
    });
    // At rest: only the secret's hash.
    expect(Buffer.from(row!.secretHash).toString()).not.toContain(token.split('.')[1]!);
    expect((await openBooking(db, token))?.id).toBe(id);
    expect(await openBooking(db, `${id}.${'A'.repeat(43)}`)).toBeNull();

    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'booking-booked'), eq(outbox.to, 'visitor2@example.com')));
    expect(unseal(mail!.text)).toContain(`/book/manage?token=${encodeURIComponent(token)}`);
    const attachment = await renderInviteAttachment(null, mail!.attachments![0]!.ref);
    const ics = new TextDecoder().decode(attachment.content);
    expect(attachment.contentType).toContain('method=REQUEST');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(ics).toContain(`UID:${id}@`);
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain('LOCATION:Palmetto Web Studio\\, Orlando\\, FL 32832');
    expect(ics).not.toContain(token.split('.')[1]!);
    // The agency hears of it.
    const notices = await db.select().from(outbox).where(eq(outbox.kind, 'booking-booked-notice'));
    expect(notices.some((n) => n.replyTo === 'visitor2@example.com')).toBe(true);
  });

  it('refuses a time that is not offered: outside the hours, or blocked', async () => {
    const sunday = new Date('2030-01-06T15:00:00Z');
    const res = (await book(sunday)).response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: BOOKING_COPY.unavailable,
      fields: { start: [BOOKING_COPY.unavailable] },
    });
    const start = await freeSlot(2);
    await db.insert(bookingBlocks).values({
      id: crypto.randomUUID(),
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * 60_000),
      createdAt: new Date(),
    });
    expect((await book(start)).response.status).toBe(409);
  });

  it('answers a plain form post with a 303: to the manage page when booked, back to /book with messages when not', async () => {
    const start = await freeSlot(3);
    const ok = (await book(start, details(4), true)).response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/book\/manage\?token=/);
    expect((await formOutcomeOf(ok))?.notice).toBe('booked');
    // The loser of the race keeps everything typed (the notes whole) and is told beside the times.
    const notes = 'We bake bread and cakes and would like customers to order online for pickup. '.repeat(25);
    const loser = { ...details(5), topic: notes.slice(0, 2000) };
    const taken = (await book(start, loser, true)).response;
    expect(taken.headers.get('location')).toBe('/book');
    expect(await formOutcomeOf(taken)).toEqual({
      form: '/api/bookings',
      notice: 'invalid',
      fields: { start: ['That time was just taken, please pick another'] },
      values: { ...loser, start: String(start.getTime()) },
    });
    const bad = (await book(start, { ...details(6), phone: '12', email: 'nope' }, true)).response;
    expect(bad.headers.get('location')).toBe('/book');
    const outcome = await formOutcomeOf(bad);
    expect(outcome?.fields?.phone).toEqual([BOOKING_COPY.phoneInvalid]);
    expect(outcome?.fields?.email).toEqual([BOOKING_COPY.emailInvalid]);
  });
});

describe('the manage link', () => {
  const bookOne = async (n: number, slot: number) => {
    const { response } = await book(await freeSlot(slot), details(n));
    const { id, location } = (await response.json()) as { id: string; location: string };
    return { id, token: decodeURIComponent(location.split('token=')[1]!) };
  };

  it('reschedules to a free slot: the old one is free again, SEQUENCE goes up, both sides are mailed', async () => {
    const { id, token } = await bookOne(7, 4);
    const [before] = await db.select().from(bookings).where(eq(bookings.id, id));
    const target = await freeSlot(5);
    const res = (
      await callRoute(postReschedule, '/api/bookings/reschedule', {
        body: { token, start: String(target.getTime()) },
        ip: nextIp(),
      })
    ).response;
    expect(res.status).toBe(200);
    const [after] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(after?.startsAt.getTime()).toBe(target.getTime());
    expect(after?.sequence).toBe(1);
    expect((await availableSlots(db)).map((s) => s.start.getTime())).toContain(before!.startsAt.getTime());
    const moved = (await mailsFor('visitor7@example.com')).find((m) => m.kind === 'booking-rescheduled');
    const ics = new TextDecoder().decode((await renderInviteAttachment(null, moved!.attachments![0]!.ref)).content);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('METHOD:REQUEST');
    expect((await db.select().from(outbox).where(eq(outbox.kind, 'booking-rescheduled-notice'))).length).toBe(1);
    // A taken slot is refused with the same words as booking.
    const { id: otherId } = await bookOne(8, 6);
    const [other] = await db.select().from(bookings).where(eq(bookings.id, otherId));
    const clash = (
      await callRoute(postReschedule, '/api/bookings/reschedule', {
        body: { token, start: String(other!.startsAt.getTime()) },
        ip: nextIp(),
      })
    ).response;
    expect(clash.status).toBe(409);
  });

  it('cancels: the slot can be booked again, the visitor gets METHOD:CANCEL, the link then changes nothing', async () => {
    const { id, token } = await bookOne(9, 7);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    const res = (await callRoute(postCancel, '/api/bookings/cancel', { body: { token }, form: true, ip: nextIp() }))
      .response;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/book/manage?token=${encodeURIComponent(token)}`);
    expect((await formOutcomeOf(res))?.notice).toBe('cancelled');
    const cancelled = (await mailsFor('visitor9@example.com')).find((m) => m.kind === 'booking-cancelled');
    const ics = new TextDecoder().decode((await renderInviteAttachment(null, cancelled!.attachments![0]!.ref)).content);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('SEQUENCE:1');
    expect((await book(row!.startsAt, details(10))).response.status).toBe(201);
    const again = (await callRoute(postCancel, '/api/bookings/cancel', { body: { token }, ip: nextIp() })).response;
    expect(again.status).toBe(409);
  });

  it('a wrong token is refused and changes nothing', async () => {
    const { id } = await bookOne(11, 8);
    const forged = `${id}.${'B'.repeat(43)}`;
    const res = (await callRoute(postCancel, '/api/bookings/cancel', { body: { token: forged }, ip: nextIp() }))
      .response;
    expect(res.status).toBe(404);
    expect((await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status).toBe('active');
  });
});
