/**
 * The admin's booking actions: POST /api/admin/bookings/blocks (block a range),
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
import { agencyInstant } from '../../zone.ts';
import { deleteBlock, findBlock, findBooking, insertBlock, setNotes } from '../bookings-admin.server.ts';

export const ADMIN_BOOKING_ACTIONS = {
  block: '/api/admin/bookings/blocks',
  unblock: (id: string) => `/api/admin/bookings/blocks/${id}/delete`,
  notes: (id: string) => `/api/admin/bookings/${id}/notes`,
  cancel: (id: string) => `/api/admin/bookings/${id}/cancel`,
};

const LIST = '/admin/bookings';
const bookingPage = (id: string, notice?: string) => landing(`/admin/bookings/${id}`, notice);

/** 'YYYY-MM-DDTHH:MM' (a datetime-local field), read as Orlando's wall clock. */
const easternDateTime = z.pipe(
  z.string({ error: A.blockInvalid }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, A.blockInvalid)),
  z.transform((v) => {
    const [day = '', time = ''] = v.split('T');
    const [h = 0, m = 0] = time.split(':').map(Number);
    return agencyInstant(day, h * 60 + m);
  }),
);

const blockSchema = z
  .object({
    from: easternDateTime,
    to: easternDateTime,
    reason: z.pipe(
      z.optional(
        z
          .string({ error: A.reasonInvalid })
          .check(z.trim(), z.maxLength(200, A.reasonInvalid), noControlCharacters(A.reasonInvalid)),
      ),
      z.transform((v) => v || null),
    ),
  })
  .check(
    z.refine((b) => !Number.isNaN(b.from.getTime()) && b.to.getTime() > b.from.getTime(), {
      error: A.blockInvalid,
      path: ['to'],
    }),
  );

/** POST /api/admin/bookings/blocks {from, to, reason?}: no slot overlapping [from, to) is offered. Audited 'booking.block'. */
export const postBlock = defineMutation({
  access: 'admin',
  schema: blockSchema,
  formFailure: (code: FailureCode) => landing(LIST, code === 'invalid' ? 'invalid' : 'error'),
  async handle({ input, user, commit, audit }) {
    const id = crypto.randomUUID();
    const now = Date.now();
    await commit([
      insertBlock({
        id,
        startsAt: input.from,
        endsAt: input.to,
        reason: input.reason,
        createdBy: user.id,
        createdAt: new Date(now),
      }),
      audit({
        action: 'booking.block',
        entityType: 'booking_block',
        entityId: id,
        after: { from: input.from.toISOString(), to: input.to.toISOString(), reason: input.reason },
      }),
    ]);
    return done(landing(LIST, 'blocked'), 201, { id });
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
