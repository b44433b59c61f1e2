/**
 * What an account may see and what it owns: the one rule every customer-facing read uses (the
 * /account pages, their links, downloads and the data export), so no feature decides it again.
 *
 * - An order is its account's once it is neither held for its address owner's confirmation
 *   (`held_at`, src/features/orders/held-orders.server.ts) nor waiting for the account to prove
 *   the address it came through (`unproven_email`, address-proof.server.ts).
 * - A plan is its account's on the same terms (its own `unproven_email`, and its order's hold).
 * - An invoice or credit note is its account's when its order and its plan (if any) are.
 * - A thread is its account's when its subject is: the order (as above) or the care-plan request.
 *   A message, and so its image, follows its thread (messages/threads.server.ts joins it).
 * - An intake, and its files, follow the order they describe; so does a quote for extra revision rounds.
 * - Records kept by address alone (contact messages, booked calls) are the account's only while
 *   the account has proven that address (`email_verified_at`): anyone can register anyone's.
 *
 * Each export is a condition on its table, for a query on that table (correlated subqueries
 * reach the records it depends on by primary key). Anything that does not pass is, for a
 * customer, a record that does not exist: the routes answer the 404 page.
 *
 * Platform-like: this imports only the schema, so every feature can import it without a cycle.
 */
import { and, eq, exists, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import {
  bookings,
  careRequests,
  contactMessages,
  intakeFiles,
  intakes,
  invoices,
  messageThreads,
  orders,
  revisionQuotes,
  subscriptions,
  users,
} from '#server/db/schema.ts';

const all = (...conditions: (SQL | undefined)[]): SQL => and(...conditions) as SQL;
const any = (...conditions: (SQL | undefined)[]): SQL => or(...conditions) as SQL;

/** An order its account may see (whoever the account is): not held, not waiting for its address. */
export const orderShown: SQL = all(isNull(orders.heldAt), isNull(orders.unprovenEmail));

/** Orders of `userId`'s account. */
export const ownsOrder = (userId: string): SQL => all(eq(orders.userId, userId), orderShown);

/**
 * A plan its account may see: not waiting for its address to be proven, and not bought with an
 * order still held. Correlated: one primary-key probe of the plan's own order (`order_id NOT IN
 * (held orders)` scanned every order on every /account: 120 ms at 100,000).
 */
export const subscriptionShown: SQL = all(
  isNull(subscriptions.unprovenEmail),
  sql`NOT EXISTS ${build
    .select({ one: sql`1` })
    .from(orders)
    .where(all(sql`${orders.id} = ${subscriptions.orderId}`, isNotNull(orders.heldAt)))}`,
);

/** Plans of `userId`'s account. */
export const ownsSubscription = (userId: string): SQL => all(eq(subscriptions.userId, userId), subscriptionShown);

/** Quotes for extra revision rounds on orders of `userId`'s account. */
export const ownsQuote = (userId: string): SQL =>
  exists(
    build
      .select({ one: sql`1` })
      .from(orders)
      .where(all(sql`${orders.id} = ${revisionQuotes.orderId}`, ownsOrder(userId))),
  );

/** Invoices and credit notes of `userId`'s account: its own, for an order and a plan it sees. */
export const ownsInvoice = (userId: string): SQL =>
  all(
    eq(invoices.userId, userId),
    any(
      isNull(invoices.orderId),
      exists(
        build
          .select({ one: sql`1` })
          .from(orders)
          .where(all(sql`${orders.id} = ${invoices.orderId}`, orderShown)),
      ),
    ),
    any(
      isNull(invoices.subscriptionId),
      exists(
        build
          .select({ one: sql`1` })
          .from(subscriptions)
          .where(all(sql`${subscriptions.id} = ${invoices.subscriptionId}`, subscriptionShown)),
      ),
    ),
  );

/** Care-plan requests of `userId`'s account (only an account with a plan it sees can send one). */
export const ownsRequest = (userId: string): SQL => eq(careRequests.userId, userId);

/**
 * Threads of `userId`'s account: its own (`customer_id`, the indexed key) and about a subject it
 * owns now. A thread on a held order is the agency's alone until the order is confirmed.
 */
export const ownsThread = (userId: string): SQL =>
  all(
    eq(messageThreads.customerId, userId),
    any(
      all(
        isNotNull(messageThreads.orderId),
        exists(
          build
            .select({ one: sql`1` })
            .from(orders)
            .where(all(sql`${orders.id} = ${messageThreads.orderId}`, ownsOrder(userId))),
        ),
      ),
      all(
        isNotNull(messageThreads.requestId),
        exists(
          build
            .select({ one: sql`1` })
            .from(careRequests)
            .where(all(sql`${careRequests.id} = ${messageThreads.requestId}`, ownsRequest(userId))),
        ),
      ),
    ),
  );

/** Intakes of `userId`'s account: for an order it sees. */
export const ownsIntake = (userId: string): SQL =>
  all(
    eq(intakes.userId, userId),
    exists(
      build
        .select({ one: sql`1` })
        .from(orders)
        .where(all(sql`${orders.id} = ${intakes.orderId}`, ownsOrder(userId))),
    ),
  );

/** Uploaded intake files of `userId`'s account: of an intake it owns. */
export const ownsIntakeFile = (userId: string): SQL =>
  all(
    eq(intakeFiles.userId, userId),
    exists(
      build
        .select({ one: sql`1` })
        .from(intakes)
        .where(all(sql`${intakes.id} = ${intakeFiles.intakeId}`, ownsIntake(userId))),
    ),
  );

/** The account's address once proven, else NULL (which equals nothing): a scalar subquery. */
const provenAddressOf = (userId: string): SQL =>
  sql`(${build
    .select({ email: users.email })
    .from(users)
    .where(all(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))})`;

/** Contact-form messages of `userId`'s account: sent from its address, once it proved it reads it. */
export const ownsContactMessage = (userId: string): SQL => sql`${contactMessages.email} = ${provenAddressOf(userId)}`;

/** Calls `userId`'s account booked: under its address, once it proved it reads it. */
export const ownsBooking = (userId: string): SQL => sql`${bookings.email} = ${provenAddressOf(userId)}`;
