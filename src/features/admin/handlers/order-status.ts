import type { APIContext } from 'astro';
import * as z from 'zod/mini';
import type { AppDatabase } from '../../../server/db/index.ts';
import { ORDER_STATUSES } from '../../../server/db/schema.ts';
import { defineMutation, done, fail, type FailureCode, type Outcome } from '../../../server/http/mutation.ts';
import { noControlCharacters } from '../../../lib/text-fields.ts';
import { moveOrder, type Move } from '../../orders/orders.server.ts';
import { ADMIN_ORDERS } from '../messages.ts';

/** An order id as randomId() makes them (lowercase, no look-alikes); anything else is not an order. */
const orderIdSchema = z.string().check(z.regex(/^[a-z2-9]{16,40}$/));

const statusSchema = z.object({
  /** Where the order goes: one of nextStatuses(current). */
  to: z.enum(ORDER_STATUSES, { error: ADMIN_ORDERS.badStatus }),
  /** Optional internal note kept in the history, one short paragraph. */
  note: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(500, ADMIN_ORDERS.noteTooLong),
          noControlCharacters(ADMIN_ORDERS.noteControl, { multiline: true }),
        ),
    ),
    z.transform((v) => v || undefined),
  ),
});

const idOf = (context: { params: APIContext['params'] }) => {
  const parsed = orderIdSchema.safeParse(context.params.id);
  return parsed.success ? parsed.data : null;
};

const orderPage = (id: string, notice: string) => `/admin/orders/${id}?notice=${notice}`;

/**
 * Where a plain form lands after a failure: back on the order with the notice, except for an
 * order that does not exist, whose page would only be the 404 (the overview says so instead).
 */
function formFailure(code: FailureCode, { url }: { url: URL }) {
  const id = /\/orders\/([^/]+)\//.exec(url.pathname)?.[1];
  const parsed = orderIdSchema.safeParse(id);
  return code === 'not-found' || !parsed.success ? '/admin?notice=order-not-found' : orderPage(parsed.data, code);
}

/** The move, answered: 404 for an unknown order, 409 for a move its status does not allow. */
async function move(database: AppDatabase, id: string, change: Move): Promise<Outcome> {
  const result = await moveOrder(database, change);
  if (!result.moved) {
    return result.reason === 'not-found'
      ? fail(404, ADMIN_ORDERS.notFound, 'not-found')
      : fail(409, ADMIN_ORDERS.notAllowed, 'not-allowed');
  }
  return done(orderPage(id, 'moved'), 200, { id, from: result.from, to: change.to });
}

/**
 * POST /api/admin/orders/{id}/status {to, note?}: an admin moves an order along the build (or
 * one step back). The move is checked, written with its history row and audit entry in one
 * transaction; a move to paid also activates the order's subscription and sends the receipt.
 */
export const postOrderStatus = defineMutation({
  access: 'admin',
  schema: statusSchema,
  // The order page shows a notice, not field messages: nothing to carry over.
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, context, clientAddress }) {
    const id = idOf(context);
    if (!id) return fail(404, ADMIN_ORDERS.notFound, 'not-found');
    return move(database, id, { orderId: id, to: input.to, actorId: user.id, ip: clientAddress, note: input.note });
  },
});

/**
 * POST /api/admin/orders/{id}/mark-paid (no body): the invoice was paid. Only from pending
 * payment, so a repeated click (or a stale tab) is a 409 rather than a second receipt, and the
 * history says why the order moved.
 */
export const postMarkPaid = defineMutation({
  access: 'admin',
  schema: null,
  formFailure,
  async handle({ user, database, context, clientAddress }) {
    const id = idOf(context);
    if (!id) return fail(404, ADMIN_ORDERS.notFound, 'not-found');
    return move(database, id, {
      orderId: id,
      to: 'paid',
      onlyFrom: ['pending_payment'],
      actorId: user.id,
      ip: clientAddress,
      note: ADMIN_ORDERS.invoicePaidNote,
    });
  },
});
