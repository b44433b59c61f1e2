import type { OrderStatus } from '#server/db/schema.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { lines, link, p, quote, renderMail } from '#server/email/template.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { ORDER_STATUS_LABELS } from '#features/lifecycle/moves.ts';
import { orderNumber } from '../order-number.ts';
import { accountOrderUrl } from '../orders.server.ts';

/**
 * What the customer reads when the admin ticks "E-mail the customer" on a status change: the
 * new status and the message written for them, if any. The internal note is not a parameter,
 * so it cannot end up here.
 */
export function statusChangeMail(
  order: { id: string; name: string },
  to: OrderStatus,
  customerNote?: string,
): RenderedMail {
  const label = ORDER_STATUS_LABELS[to];
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Your order ${number}: ${label}`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      p`Your order ${number} is now: ${label}.`,
      ...(customerNote ? [lines(p(ADMIN_ORDERS.customerNoteInMail), quote(customerNote))] : []),
      p(link('See the details in your account', accountOrderUrl(order.id))),
    ],
  });
}
