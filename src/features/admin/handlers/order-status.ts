import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../../../server/db/schema.ts';
import { defineMutation, done, fail } from '../../../server/http/mutation.ts';
import { noControlCharacters } from '../../../lib/text-fields.ts';
import { moveOrder } from '../../orders/orders.server.ts';
import { ADMIN_ORDERS } from '../messages.ts';

const ORDER_ID = /^[a-z2-9]{16,40}$/;

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

const orderPage = (id: string, notice: string) => `/admin/orders/${id}?notice=${notice}`;

/**
 * POST /api/admin/orders/{id}/status {to, note?}: an admin moves an order (mark paid for an
 * invoice, then along the build). The move is checked, written with its history row and audit
 * entry in one transaction; paying also activates the order's subscription and sends the receipt.
 */
export const postOrderStatus = defineMutation({
  access: 'admin',
  schema: statusSchema,
  formFailure: (code, { url }) => {
    const id = /\/orders\/([^/]+)\//.exec(url.pathname)?.[1] ?? '';
    return ORDER_ID.test(id) ? orderPage(id, code) : '/admin';
  },
  async handle({ input, user, database, context, clientAddress }) {
    const id = context.params.id ?? '';
    if (!ORDER_ID.test(id)) return fail(404, ADMIN_ORDERS.notFound, 'not-found');
    const result = await moveOrder(database, {
      orderId: id,
      to: input.to,
      actorId: user.id,
      ip: clientAddress,
      note: input.note ?? (input.to === 'paid' ? 'Invoice paid' : undefined),
    });
    if (!result.moved) {
      return result.reason === 'not-found'
        ? fail(404, ADMIN_ORDERS.notFound, 'not-found')
        : fail(409, ADMIN_ORDERS.notAllowed, 'not-allowed');
    }
    return done(orderPage(id, 'moved'), 200, { id, from: result.from, to: input.to });
  },
});
