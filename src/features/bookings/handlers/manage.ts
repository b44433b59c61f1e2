/**
 * The manage link's buttons: POST /api/bookings/reschedule {token, start} and
 * POST /api/bookings/cancel {token}. Opening the link only shows the page; these change the
 * booking. Public (the token is the proof), rate limited per client; a plain form lands back on
 * the manage page with its notice. A call that has taken place can be neither moved nor cancelled.
 */
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { linkPagePath } from '#server/http/link-page.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { cancelBooking, openBooking, rescheduleBooking } from '../bookings.server.ts';
import { BOOKING_COPY } from '../copy.ts';
import { cancelSchema, rescheduleSchema } from '../schema.ts';

export const MANAGE_ACTIONS = { reschedule: '/api/bookings/reschedule', cancel: '/api/bookings/cancel' } as const;
const MANAGE_RATE_LIMIT: RateLimitRule = { name: 'booking-manage', capacity: 10, windowMs: 10 * 60_000 };

const failures = {
  'bad-link': { status: 404, error: BOOKING_COPY.linkInvalid },
  'not-active': { status: 409, error: BOOKING_COPY.isCancelled },
  past: { status: 409, error: BOOKING_COPY.isPast },
  taken: { status: 409, error: BOOKING_COPY.taken },
  unavailable: { status: 409, error: BOOKING_COPY.unavailable },
};
const KNOWN: ReadonlySet<FailureCode> = new Set([
  'invalid',
  'bad-link',
  'limited',
  'not-active',
  'past',
  'taken',
  'unavailable',
]);

const back = (raw: Record<string, unknown>, notice: string) => landing(linkPagePath('/book/manage', raw), notice);

export const postReschedule = defineMutation({
  access: 'public',
  schema: rescheduleSchema,
  limits: [{ rule: MANAGE_RATE_LIMIT, key: 'client' }],
  failures,
  fieldFeedback: false,
  formFailure: (code, { raw }) => back(raw, KNOWN.has(code) ? code : 'error'),
  async handle({ input, raw, database, refuse }) {
    const result = await rescheduleBooking(database, input.token, input.start);
    if (!result.ok) return refuse(result.reason, { location: back(raw, result.reason) });
    return done(back(raw, 'rescheduled'), 200, { id: result.booking.id, start: result.booking.startsAt.toISOString() });
  },
});

export const postCancel = defineMutation({
  access: 'public',
  schema: cancelSchema,
  limits: [{ rule: MANAGE_RATE_LIMIT, key: 'client' }],
  failures,
  fieldFeedback: false,
  formFailure: (code, { raw }) => back(raw, KNOWN.has(code) ? code : 'error'),
  async handle({ input, raw, database, refuse }) {
    const booking = await openBooking(database.db, input.token);
    if (!booking) return refuse('bad-link', { location: back(raw, 'bad-link') });
    const result = await cancelBooking(database, { id: booking.id, by: 'visitor' });
    if (!result.ok) return refuse(result.reason, { location: back(raw, result.reason) });
    return done(back(raw, 'cancelled'), 200, { id: booking.id, status: 'cancelled' });
  },
});
