/**
 * Bookings: free slots, booking one (one active booking per start, enforced by the database),
 * the manage link (a token whose secret only the visitor's mail holds; the row keeps its
 * SHA-256), rescheduling and cancelling, each committed with its mails to the visitor (with the
 * calendar invitation) and to the agency.
 */
import { and, eq, gt, gte, lt } from 'drizzle-orm';
import { site } from '#data/site.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { increment } from '#server/db/expressions.ts';
import { build, type AppDatabase, type Db, type Tx, type WriteQuery } from '#server/db/index.ts';
import { bookingBlocks, bookings } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { createToken, parseToken, secretMatches } from '#server/security/tokens.ts';
import { inviteAttachment } from './invite-attachment.ts';
import { agencyNotice, bookedMail, cancelledMail, rescheduledMail } from './mail.ts';
import type { BookingInput } from './schema.ts';
import { freeSlots, SLOT_MINUTES, slotWindow, type Slot } from './slots.ts';
import { leadStatement } from '#features/leads/leads.server.ts';

export type Booking = typeof bookings.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export const manageUrl = (token: string) => `${serverEnv().SITE_URL}/book/manage?token=${encodeURIComponent(token)}`;
export const bookUrl = () => `${serverEnv().SITE_URL}/book`;
const adminUrl = (id: string) => `${serverEnv().SITE_URL}/admin/bookings/${id}`;
const agencyInbox = () => serverEnv().AGENCY_INBOX ?? site.email;

/**
 * The slots free at `now`: the hours minus blocks and active bookings. With `taken: 'ignore'`
 * booked slots stay in, so a booking that lost its slot is told 'just taken' by the database's
 * unique index rather than 'not offered'.
 */
export async function availableSlots(
  db: Db,
  now = Date.now(),
  { taken: takenRule = 'leave-out' } = {},
): Promise<Slot[]> {
  const { from, to } = slotWindow(now);
  const [blocks, taken] = await Promise.all([
    db
      .select({ startsAt: bookingBlocks.startsAt, endsAt: bookingBlocks.endsAt })
      .from(bookingBlocks)
      .where(and(gt(bookingBlocks.endsAt, from), lt(bookingBlocks.startsAt, to))),
    db
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.status, 'active'), gte(bookings.startsAt, from), lt(bookings.startsAt, to))),
  ]);
  return freeSlots(now, blocks, takenRule === 'ignore' ? [] : taken.map((t) => t.startsAt));
}

const isOffered = (slots: readonly Slot[], start: Date) => slots.some((s) => s.start.getTime() === start.getTime());

/** The visitor's mail with its invitation, and the agency's notice. */
function bookingMails(
  booking: Booking,
  event: 'booked' | 'rescheduled',
  token: string | null,
  now: number,
  previousStart?: Date,
): WriteQuery[] {
  const url = token ? manageUrl(token) : bookUrl();
  const mail = event === 'booked' ? bookedMail(booking, url) : rescheduledMail(booking, url);
  const invite = inviteAttachment({
    uid: booking.id,
    sequence: booking.sequence,
    method: 'REQUEST',
    start: booking.startsAt,
    end: booking.endsAt,
    attendee: booking,
    stamp: new Date(now),
  });
  return [
    outboxInsert({ ...mail, kind: `booking-${event}`, to: booking.email, attachments: [invite] }, now),
    outboxInsert(
      {
        ...agencyNotice(event, booking, { adminUrl: adminUrl(booking.id), previousStart }),
        kind: `booking-${event}-notice`,
        to: agencyInbox(),
        replyTo: booking.email,
      },
      now,
    ),
  ];
}

/** Within a day of the call nothing more to remind: the confirmation is the reminder. */
const remindedAtFor = (start: Date, now: number) => (start.getTime() - now <= DAY_MS ? new Date(now) : null);

export type BookResult = { ok: true; id: string; token: string } | { ok: false; reason: 'taken' | 'unavailable' };

/** Books `input.start` if it is offered at `now`; 'taken' when another booking won the race. */
export async function createBooking(database: AppDatabase, input: BookingInput, now = Date.now()): Promise<BookResult> {
  if (!isOffered(await availableSlots(database.db, now, { taken: 'ignore' }), input.start))
    return { ok: false, reason: 'unavailable' };
  const { token, id, secretHash } = createToken();
  const booking: Booking = {
    id,
    secretHash: Buffer.from(secretHash),
    reminderSecretHash: null,
    startsAt: input.start,
    endsAt: new Date(input.start.getTime() + SLOT_MINUTES * 60_000),
    status: 'active',
    name: input.name,
    email: input.email,
    phone: input.phone,
    business: input.business,
    topic: input.topic,
    sequence: 0,
    notes: null,
    remindedAt: remindedAtFor(input.start, now),
    cancelledAt: null,
    cancelledBy: null,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  };
  try {
    await database.writes.run([
      build.insert(bookings).values(booking),
      ...bookingMails(booking, 'booked', token, now),
      // The visitor is a lead at 'Call booked' (a known one moves there from New or Contacted).
      leadStatement(
        { email: booking.email, name: booking.name, phone: booking.phone, businessName: booking.business },
        'booking',
        now,
      ),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, 'bookings.starts_at')) return { ok: false, reason: 'taken' };
    throw error;
  }
  return { ok: true, id, token };
}

/** The booking a manage link names, or null when the link is malformed, unknown or wrong. */
export async function openBooking(db: Db, token: string): Promise<Booking | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, parsed.id));
  if (!booking) return null;
  const matches =
    secretMatches(parsed.secret, booking.secretHash) ||
    (booking.reminderSecretHash !== null && secretMatches(parsed.secret, booking.reminderSecretHash));
  return matches ? booking : null;
}

/** A booking the visitor can still change: active and not yet started. */
export const isChangeable = (booking: Booking, now = Date.now()) =>
  booking.status === 'active' && booking.startsAt.getTime() > now;

export type ChangeResult =
  { ok: true; booking: Booking } | { ok: false; reason: 'bad-link' | 'not-active' | 'past' | 'taken' | 'unavailable' };

/** Moves the booking the token names to `start` (a free slot): invitation SEQUENCE + 1, mails to both sides. */
export async function rescheduleBooking(
  database: AppDatabase,
  token: string,
  start: Date,
  now = Date.now(),
): Promise<ChangeResult> {
  const booking = await openBooking(database.db, token);
  if (!booking) return { ok: false, reason: 'bad-link' };
  if (booking.status !== 'active') return { ok: false, reason: 'not-active' };
  // A call that has taken place (or started) stays where it was.
  if (!isChangeable(booking, now)) return { ok: false, reason: 'past' };
  if (!isOffered(await availableSlots(database.db, now, { taken: 'ignore' }), start))
    return { ok: false, reason: 'unavailable' };
  try {
    const moved = await database.writes.transaction(async (tx) => {
      const [row] = await tx
        .update(bookings)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + SLOT_MINUTES * 60_000),
          sequence: booking.sequence + 1,
          remindedAt: remindedAtFor(start, now),
          updatedAt: new Date(now),
        })
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'active'), eq(bookings.sequence, booking.sequence)))
        .returning();
      if (!row) return null;
      await tx.batch(bookingMails(row, 'rescheduled', token, now, booking.startsAt) as [WriteQuery, ...WriteQuery[]]);
      return row;
    });
    return moved ? { ok: true, booking: moved } : { ok: false, reason: 'not-active' };
  } catch (error) {
    if (isUniqueViolation(error, 'bookings.starts_at')) return { ok: false, reason: 'taken' };
    throw error;
  }
}

export type CancelOptions = {
  id: string;
  by: 'visitor' | 'agency';
  message?: string | null;
  /** Statements (an audit entry) committed with the cancellation. */
  extra?: WriteQuery[];
};

/**
 * Inside a write transaction: cancels booking `id` if it is still active (its slot is free
 * again) and queues the visitor's CANCEL invitation (with the agency's `message` when it
 * cancelled) and the agency's notice, with `extra`. The cancelled row, or null when it was not active.
 */
export async function cancelWithin(
  tx: Tx,
  { id, by, message = null, extra = [] }: CancelOptions,
  now: number,
): Promise<Booking | null> {
  const [updated] = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(now),
      cancelledBy: by,
      sequence: increment(bookings.sequence),
      updatedAt: new Date(now),
    })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'active')))
    .returning();
  if (!updated) return null;
  const invite = inviteAttachment({
    uid: updated.id,
    sequence: updated.sequence,
    method: 'CANCEL',
    start: updated.startsAt,
    end: updated.endsAt,
    attendee: updated,
    stamp: new Date(now),
  });
  await tx.batch([
    outboxInsert(
      {
        ...cancelledMail(updated, bookUrl(), message),
        kind: 'booking-cancelled',
        to: updated.email,
        attachments: [invite],
      },
      now,
    ),
    outboxInsert(
      {
        ...agencyNotice('cancelled', updated, { adminUrl: adminUrl(updated.id), by }),
        kind: 'booking-cancelled-notice',
        to: agencyInbox(),
        replyTo: updated.email,
      },
      now,
    ),
    ...extra,
  ]);
  return updated;
}

/**
 * Cancels booking `id` (still active) with its mails, in a commit of its own. A visitor cannot
 * cancel a call that has already started ('past'); the agency can.
 */
export async function cancelBooking(
  database: AppDatabase,
  options: CancelOptions,
  now = Date.now(),
): Promise<ChangeResult> {
  const outcome = await database.writes.transaction(async (tx): Promise<ChangeResult> => {
    if (options.by === 'visitor') {
      const [current] = await tx.select().from(bookings).where(eq(bookings.id, options.id));
      if (current && current.status === 'active' && !isChangeable(current, now)) return { ok: false, reason: 'past' };
    }
    const row = await cancelWithin(tx, options, now);
    return row ? { ok: true, booking: row } : { ok: false, reason: 'not-active' };
  });
  return outcome;
}
