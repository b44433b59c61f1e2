/**
 * The manage link after the call: a visitor cannot cancel or move a call that has already taken
 * place. The endpoints refuse with the page's own words and change nothing; the page says so.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { bookings, outbox } from '#server/db/schema.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { availableSlots, createBooking } from '../bookings.server.ts';
import { BOOKING_COPY } from '../copy.ts';
import ManagePage from '../pages/ManagePage.astro';
import { postCancel, postReschedule } from './manage.ts';

const database = await getDatabase();
const { db } = database;
const DAY = 24 * 60 * 60_000;

let ip = 0;
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

/** A call booked ten days ago for a time that has passed since. */
async function pastCall(email: string) {
  const then = Date.now() - 10 * DAY;
  const start = (await availableSlots(db, then)).find((s) => s.end.getTime() < Date.now())!.start;
  const booked = await createBooking(
    database,
    { start, name: 'Pat Past', email, phone: '4075550111', business: null, topic: 'A site for my bakery.' },
    then,
  );
  if (!booked.ok) throw new Error(booked.reason);
  return booked;
}

const statusOf = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
const mailsTo = async (email: string) => (await db.select().from(outbox).where(eq(outbox.to, email))).length;

describe('a call that has already taken place', () => {
  it('cannot be cancelled: 409 with “This call has already taken place.”, nothing changed or mailed', async () => {
    const { id, token } = await pastCall('past-cancel@example.com');
    const mails = await mailsTo('past-cancel@example.com');
    const res = (await callRoute(postCancel, '/api/bookings/cancel', { body: { token }, ip: nextIp() })).response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: BOOKING_COPY.isPast });
    const form = (await callRoute(postCancel, '/api/bookings/cancel', { body: { token }, form: true, ip: nextIp() }))
      .response;
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/book/manage?token=${encodeURIComponent(token)}`);
    expect((await formOutcomeOf(form))?.notice).toBe('past');
    expect(await statusOf(id)).toBe('active');
    expect(await mailsTo('past-cancel@example.com')).toBe(mails);
  });

  it('cannot be rescheduled, and is told so in those words (not “cancelled”)', async () => {
    const { id, token } = await pastCall('past-move@example.com');
    const [before] = await db.select().from(bookings).where(eq(bookings.id, id));
    const target = (await availableSlots(db))[0]!.start;
    const res = (
      await callRoute(postReschedule, '/api/bookings/reschedule', {
        body: { token, start: String(target.getTime()) },
        ip: nextIp(),
      })
    ).response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: BOOKING_COPY.isPast });
    const [after] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(after?.startsAt.getTime()).toBe(before!.startsAt.getTime());
  });

  it('its page says the call has taken place and offers neither Reschedule nor Cancel', async () => {
    const { token } = await pastCall('past-page@example.com');
    const container = await AstroContainer.create();
    const html = await container.renderToString(ManagePage, {
      request: new Request(`http://localhost:4321/book/manage?token=${encodeURIComponent(token)}`),
      locals: { user: null, session: null },
    });
    expect(html).toContain(BOOKING_COPY.isPast);
    expect(html).not.toContain(`>${BOOKING_COPY.reschedule}<`);
    expect(html).not.toMatch(/action="\/api\/bookings\/cancel"/);
  });
});
