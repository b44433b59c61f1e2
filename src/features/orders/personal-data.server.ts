/**
 * Orders in the account's data export and deletion (accounts/personal-data.ts). The agency
 * keeps its books: on deletion an order stays, with what was built and billed, and loses the
 * person (name, address, phone). Its lines, history, previews and the agency's own notes stay
 * with it: they describe the project, not the person.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { orderEvents, orderItems, orderNotes, orderReviews, orders } from '#server/db/schema.ts';
import { personalData } from '#features/accounts/personal-data.ts';
import { historyOf, itemsOf, ordersOfCustomer } from './orders.server.ts';
import { customerHistory } from './progress.ts';
import { reviewsOf } from './reviews/reviews.server.ts';

export const orderData = personalData({
  name: 'orders',
  // order_notes: the agency's internal notes, never exported (they are not the customer's to read).
  tables: [orders, orderItems, orderEvents, orderReviews, orderNotes],
  async export({ db }, subject) {
    const rows = await ordersOfCustomer(db, subject.id);
    const exported = await Promise.all(
      rows.map(async ({ idempotencyKey: _internal, leadId: _agencys, ...order }) => {
        const [items, history, reviews] = await Promise.all([
          itemsOf(db, order.id),
          historyOf(db, order.id),
          reviewsOf(db, order.id),
        ]);
        return {
          ...order,
          items: items.map(({ orderId: _sameOrder, ...item }) => item),
          // The customer's view of the history: the agency's internal notes are not theirs to download.
          history: customerHistory(history),
          // Each preview and their answer to it; who posted it at the agency is the agency's.
          reviews: reviews.map(({ orderId: _sameOrder, postedBy: _admin, respondedBy: _them, ...review }) => review),
        };
      }),
    );
    return { orders: exported };
  },
  async erase(_tx, subject, now) {
    const at = new Date(now);
    return {
      statements: [
        build
          .update(orders)
          .set({ name: subject.tombstoneName, email: subject.tombstoneEmail, phone: '', updatedAt: at })
          .where(eq(orders.userId, subject.id)),
        // Orders of this account still waiting for an address keep no address (and can never be claimed).
        build
          .update(orders)
          .set({ unprovenEmail: subject.tombstoneEmail })
          .where(and(eq(orders.userId, subject.id), isNotNull(orders.unprovenEmail))),
      ],
    };
  },
});
