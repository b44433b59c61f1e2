/**
 * The admin's booking actions: POST /api/admin/bookings/blocks (block a range, cancelling the
 * calls in it once confirmed),
 * /api/admin/bookings/blocks/{id}/delete (unblock), /api/admin/bookings/{id}/notes and
 * /api/admin/bookings/{id}/cancel (with a message mailed to the visitor). Admins only, each
 * audited in the commit that makes the change; a plain form lands back on its page.
 */
import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { cancelBooking } from '../../bookings.server.ts';
import { ADMIN_BOOKINGS as A } from '../../copy.ts';
import { parseAgencyDateTime, type WallTimeProblem } from '../../zone.ts';
import { blockTime, deleteBlock, findBlock, findBooking, setNotes } from '../bookings-admin.server.ts';

export const ADMIN_BOOKING_ACTIONS = {
  block: '/api/admin/bookings/blocks',
  unblock: (id: string) => `/api/admin/bookings/blocks/${id}/delete`,
  notes: (id: string) => `/api/admin/bookings/${id}/notes`,
  cancel: (id: string) => `/api/admin/bookings/${id}/cancel`,
};

const LIST = '/admin/bookings';
const bookingPage = (id: string, notice?: string) => landing(`/admin/bookings/${id}`, notice);

const WALL_TIME_MESSAGES: Record<WallTimeProblem, string> = {
  'not-a-time': A.blockNotATime,
  'no-such-day': A.blockNoSuchDay,
  'skipped-hour': A.blockSkippedHour,
};

/** 'YYYY-MM-DDTHH:MM' (a datetime-local field), read as Orlando's wall clock; never rolled over. */
const agencyDateTime = z.pipe(
  z.string({ error: A.blockNotATime }).check(z.trim(), z.maxLength(40, A.blockNotATime)),
  z.transform((value, ctx) => {
    const parsed = parseAgencyDateTime(value);
    if (parsed.ok) return parsed.at;
    ctx.issues.push({ code: 'custom', message: WALL_TIME_MESSAGES[parsed.problem], input: value });
    return z.NEVER;
  }),
);

/** The field has minutes only: a start in the current minute is now, not the past. */
const startOfMinute = (at: number) => at - (at % 60_000);

/** The booked calls the admin agreed to cancel: their ids, space-separated (the confirmation form's hidden field). */
const cancelCalls = z.pipe(
  z.optional(
    z.string({ error: A.blockInvalid }).check(z.trim(), z.maxLength(8200), z.regex(/^([a-z2-9]{16,40}( |$))*$/)),
  ),
  z.transform((v) => (v ? v.split(' ') : [])),
);

const blockSchema = z
  .object({
    from: agencyDateTime,
    to: agencyDateTime,
    reason: z.pipe(
      z.optional(
        z
          .string({ error: A.reasonInvalid })
          .check(z.trim(), z.maxLength(200, A.reasonInvalid), noControlCharacters(A.reasonInvalid)),
      ),
      z.transform((v) => v || null),
    ),
    cancelCalls,
  })
  .check(
    z.refine((b) => b.from.getTime() >= startOfMinute(Date.now()), { error: A.blockPast, path: ['from'] }),
    z.refine((b) => b.to.getTime() > b.from.getTime(), { error: A.blockInvalid, path: ['to'] }),
  );

/**
 * POST /api/admin/bookings/blocks {from, to, reason?, cancelCalls?}: no slot overlapping
 * [from, to) is offered. A range over booked calls is refused (409, the form back with a
 * confirmation listing them) until `cancelCalls` names them; then they are cancelled and each
 * visitor mailed in the block's commit. Audited 'booking.block' (and 'booking.cancel' per call).
 */
export const postBlock = defineMutation({
  access: 'admin',
  schema: blockSchema,
  failures: { 'covers-calls': { status: 409, error: A.coversCallsError } },
  formFailure: (code: FailureCode) => landing(LIST, code === 'invalid' || code === 'covers-calls' ? code : 'error'),
  async handle({ input, user, database, audit, refuse }) {
    const id = crypto.randomUUID();
    const now = Date.now();
    const result = await blockTime(
      database,
      {
        block: {
          id,
          startsAt: input.from,
          endsAt: input.to,
          reason: input.reason,
          createdBy: user.id,
          createdAt: new Date(now),
        },
        confirmed: input.cancelCalls,
        auditBlock: (cancelled) =>
          audit({
            action: 'booking.block',
            entityType: 'booking_block',
            entityId: id,
            after: { from: input.from.toISOString(), to: input.to.toISOString(), reason: input.reason, cancelled },
          }),
        auditCancel: (booking) =>
          audit({
            action: 'booking.cancel',
            entityType: 'booking',
            entityId: booking.id,
            before: { status: booking.status },
            after: { status: 'cancelled', message: A.blockCancelMessage, block: id },
          }),
      },
      now,
    );
    if (!result.ok) return refuse('covers-calls', { fields: { cancelCalls: [A.coversCalls(result.calls.length)] } });
    const cancelled = result.cancelled.map((b) => b.id);
    return done(landing(LIST, cancelled.length > 0 ? 'blocked-cancelled' : 'blocked'), 201, { id, cancelled });
  },
});

const blockId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));

/** POST /api/admin/bookings/blocks/{id}/delete: the range is open again. Audited 'booking.unblock'. */
export const postUnblock = defineMutation({
  access: 'admin',
  params: { id: blockId },
  schema: null,
  failures: { 'not-found': { status: 404, error: 'Blocked time not found' } },
  formFailure: () => landing(LIST, 'error'),
  async handle({ params, database, commit, audit, refuse }) {
    const block = await findBlock(database.db, params.id);
    if (!block) return refuse('not-found');
    await commit([
      deleteBlock(block.id),
      audit({
        action: 'booking.unblock',
        entityType: 'booking_block',
        entityId: block.id,
        before: { from: block.startsAt.toISOString(), to: block.endsAt.toISOString(), reason: block.reason },
      }),
    ]);
    return done(landing(LIST, 'unblocked'), 200, { id: block.id });
  },
});

const bookingRoute = {
  params: { id: recordId },
  failures: {
    'not-found': { status: 404, error: A.notFound },
    'not-active': { status: 409, error: A.notActive },
  },
  formFailure: (code: FailureCode, { params }: { params: { id?: string } }) =>
    code === 'not-found' || !params.id ? LIST : bookingPage(params.id, code === 'invalid' ? 'invalid' : code),
};

const notesSchema = z.object({
  /** The agency's notes, at most 5000 characters; blank clears them. */
  notes: z.pipe(
    z
      .string({ error: A.notesInvalid })
      .check(z.trim(), z.maxLength(5000, A.notesInvalid), noControlCharacters(A.notesInvalid, { multiline: true })),
    z.transform((v) => v || null),
  ),
});

/** POST /api/admin/bookings/{id}/notes {notes}. Audited 'booking.note'. */
export const postNotes = defineMutation({
  access: 'admin',
  ...bookingRoute,
  schema: notesSchema,
  async handle({ input, params, database, commit, audit, refuse }) {
    const booking = await findBooking(database.db, params.id);
    if (!booking) return refuse('not-found');
    await commit([
      setNotes(booking.id, input.notes, Date.now()),
      audit({
        action: 'booking.note',
        entityType: 'booking',
        entityId: booking.id,
        before: { notes: booking.notes },
        after: { notes: input.notes },
      }),
    ]);
    return done(bookingPage(booking.id, 'notes-saved'), 200, { id: booking.id });
  },
});

const cancelSchema = z.object({
  /** Mailed to the visitor with the cancellation: 1-2000 characters. */
  message: z
    .string({ error: A.cancelMessageInvalid })
    .check(
      z.trim(),
      z.minLength(1, A.cancelMessageInvalid),
      z.maxLength(2000, A.cancelMessageInvalid),
      noControlCharacters(A.cancelMessageInvalid, { multiline: true }),
    ),
});

/** POST /api/admin/bookings/{id}/cancel {message}: the call is off, the visitor mailed. Audited 'booking.cancel'. */
export const postAdminCancel = defineMutation({
  access: 'admin',
  ...bookingRoute,
  schema: cancelSchema,
  async handle({ input, params, database, audit, refuse }) {
    const booking = await findBooking(database.db, params.id);
    if (!booking) return refuse('not-found');
    const result = await cancelBooking(database, {
      id: booking.id,
      by: 'agency',
      message: input.message,
      extra: [
        audit({
          action: 'booking.cancel',
          entityType: 'booking',
          entityId: booking.id,
          before: { status: booking.status },
          after: { status: 'cancelled', message: input.message },
        }),
      ],
    });
    if (!result.ok) return refuse(result.reason === 'not-active' ? 'not-active' : 'not-found');
    return done(bookingPage(booking.id, 'cancelled'), 200, { id: booking.id, status: 'cancelled' });
  },
});
