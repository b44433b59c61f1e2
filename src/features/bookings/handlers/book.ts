/**
 * POST /api/bookings: book a call. A plain form post from /book (no JavaScript needed) lands on
 * the manage page with 'booked' (the confirmation), or back on /book with the reason and the
 * field messages and everything typed; JSON answers 201 `{ id, location }`, 409 when the slot was
 * just taken or is no longer offered (with the message for `start`), 400 with `fields`, 429 past
 * the limit.
 */
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { createBooking } from '../bookings.server.ts';
import { BOOKING_COPY } from '../copy.ts';
import { bookingSchema } from '../schema.ts';

export const BOOK_ACTION = '/api/bookings';
export const BOOKING_RATE_LIMIT: RateLimitRule = { name: 'booking', capacity: 5, windowMs: 10 * 60_000 };

const KNOWN: ReadonlySet<FailureCode> = new Set(['invalid', 'limited', 'taken', 'unavailable']);

/** The manage page for a link's token (the token is the link's, so it stays in the URL). */
export const managePath = (token: string) => `/book/manage?token=${encodeURIComponent(token)}`;

export const postBooking = defineMutation({
  access: 'public',
  schema: bookingSchema,
  limits: [{ rule: BOOKING_RATE_LIMIT, key: 'client' }],
  failures: {
    taken: { status: 409, error: BOOKING_COPY.taken },
    unavailable: { status: 409, error: BOOKING_COPY.unavailable },
  },
  formFailure: (code) => landing('/book', KNOWN.has(code) ? code : 'error'),
  async handle({ input, database, refuse }) {
    const result = await createBooking(database, input);
    // Lost the race (or the time went): the message goes beside the times, and everything else
    // typed comes back (the form outcome), so the visitor only picks again.
    if (!result.ok)
      return refuse(result.reason, {
        fields: { start: [BOOKING_COPY[result.reason]] },
        location: landing('/book', 'invalid'),
      });
    const location = managePath(result.token);
    return done(landing(location, 'booked'), 201, { id: result.id, location });
  },
});
