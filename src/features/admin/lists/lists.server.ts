/**
 * The admin lists' queries: one keyset page at a time (src/features/admin/lists/cursor.ts),
 * newest first, each shaped to walk an existing index so a page stays under a millisecond or
 * two at 100,000 rows (EXPLAIN QUERY PLAN notes beside each). The CSV export pages through
 * the same functions, so a list and its export always agree on filters and order.
 */
import { and, type Column, desc, eq, inArray, isNull, like, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { auditLog, contactMessages, orders, subscriptions, users } from '#server/db/schema.ts';
import { type Cursor, PAGE_SIZE, type Page, toPage } from './cursor.ts';
import type { Filters } from './filters.ts';

export interface PageRequest {
  after: Cursor | null;
  limit?: number;
}

type Timed = { createdAt: Date; row: number };
const keyOf = (r: Timed): Cursor => ({ at: r.createdAt.getTime(), row: r.row });
const rowid = sql<number>`${insertionOrder}`.mapWith(Number);

/** A list's row limit: a number, or the placeholder its prepared first page binds. */
type Limit = number | Placeholder<'limit'>;
const LIMIT = sql.placeholder('limit');

/** No filter set: the list as it opens. */
const unfiltered = (filters: object) => Object.values(filters).every((value) => value === undefined);

/**
 * One page of a list. Each list's first page without filters (and the open messages) is prepared
 * once (`first`): it is what the dashboard shows on every view and what each list opens on. Pages
 * after a cursor and filtered pages are built per request (`query`). One row more than the page
 * shows says whether another follows.
 */
async function pageOf<R extends Timed>(
  page: PageRequest,
  first: { all: (values: { limit: number }) => Promise<R[]> } | null,
  query: (after: Cursor | null, limit: number) => PromiseLike<R[]>,
): Promise<Page<R>> {
  const limit = page.limit ?? PAGE_SIZE;
  const rows =
    first && page.after === null ? await first.all({ limit: limit + 1 }) : await query(page.after, limit + 1);
  return toPage(rows, limit, keyOf);
}

/**
 * Rows strictly after the cursor in (time DESC, rowid DESC) order: a row-value comparison SQLite
 * serves from the index. A query that joins names its table's rowid (`order`).
 */
export const before = (time: Column, cursor: Cursor | null, order: SQL = insertionOrder): SQL | undefined =>
  cursor ? sql`(${time}, ${order}) < (${cursor.at}, ${cursor.row})` : undefined;

/** Newest first, ties (the same millisecond) by insertion order: the cursor's order. */
export const newestFirst = (time: Column, order: SQL = insertionOrder) => [desc(time), desc(order)] as const;

/**
 * Lower-cased text that starts with `prefix`, as a range rather than LIKE: LIKE cannot use a
 * BINARY-collated index (e-mail addresses are stored lower-cased, their indexes are BINARY).
 */
export const prefixRange = (column: Column, prefix: string) =>
  and(sql`${column} >= ${prefix}`, sql`${column} < ${`${prefix}\u{10FFFF}`}`);

/** LIKE pattern for "starts with", with the user's own % and _ taken literally. */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An order id's characters (randomId: a-z and 2-9 without l and o). */
const ID_CHARS = 'a-km-np-z2-9';
const WITH_PREFIX = new RegExp(`^ord[-\\s]+([${ID_CHARS}]{1,26})$`, 'i');
const BARE_NUMBER = new RegExp(`^[${ID_CHARS}]{6,26}$`, 'i');

/**
 * The order id prefix a search names: an order number as customers quote it ('ORD-J43F85QD',
 * any case; orderNumber() is 'ORD-' and the id's first 8 characters upper-cased) or the same
 * without 'ORD-' ('j43f85qd': at least 6 of the id's characters, so a short word is not read
 * as a number). null when the search cannot be one.
 */
export function orderIdPrefix(q: string): string | null {
  const text = q.trim();
  const number = WITH_PREFIX.exec(text)?.[1] ?? (BARE_NUMBER.test(text) ? text : null);
  return number ? number.toLowerCase() : null;
}

/**
 * The digits to look for when a search reads as a phone number (written any way the checkout
 * accepts, 7-15 digits): '+1 (407) 555-0199' looks for 14075550199 and 4075550199, and
 * '407.555.0199' for 4075550199 and 14075550199, so the US country code may be on either side.
 */
export function phoneSearchDigits(q: string): string[] {
  const text = q.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return [];
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return [];
  if (digits.length === 11 && digits.startsWith('1')) return [digits, digits.slice(1)];
  if (digits.length === 10) return [digits, `1${digits}`];
  return [digits];
}

/**
 * Orders. No filter: orders_created_at_idx; by status: orders_status_idx (status, created_at).
 * ?q= matches, case-insensitively, the e-mail prefix (orders_email_idx; addresses are stored
 * lower-cased), the business name prefix (orders_business_name_idx, COLLATE NOCASE), the order
 * number with or without 'ORD-' (a prefix range on the primary key) and a phone number's
 * digits however it was written (orders_phone_digits_idx on the generated phone_digits column).
 * Every term of the OR is an index range, so SQLite answers with a multi-index OR (one SEARCH
 * per term, then a sort of the matches) and never scans the table: lists.test.ts checks the
 * plan, and scripts/bench-admin.ts the p99 at 100,000 orders.
 */
export async function listOrders(db: Db, filters: Filters<'orders'>, page: PageRequest) {
  return pageOf(page, unfiltered(filters) ? firstOrders(db) : null, (after, limit) =>
    ordersQuery(db, filters, after, limit),
  );
}

const firstOrders = preparedPerDatabase((db) => ordersQuery(db, {}, null, LIMIT).prepare());

/** The orders list's query, unrun: listOrders runs it, the test reads its plan. */
export function ordersQuery(db: Db, filters: Filters<'orders'>, after: Cursor | null, limit: Limit) {
  const q = filters.q;
  const email = q?.toLowerCase();
  const idPrefix = q ? orderIdPrefix(q) : null;
  const phones = q ? phoneSearchDigits(q) : [];
  return db
    .select({
      id: orders.id,
      name: orders.name,
      email: orders.email,
      businessName: orders.businessName,
      status: orders.status,
      totalCents: orders.totalCents,
      paymentProvider: orders.paymentProvider,
      heldAt: orders.heldAt,
      createdAt: orders.createdAt,
      row: rowid,
    })
    .from(orders)
    .where(
      and(
        filters.status ? eq(orders.status, filters.status) : undefined,
        q && email
          ? or(
              prefixRange(orders.email, email),
              sql`${like(orders.businessName, startsWith(q))} ESCAPE '\\'`,
              idPrefix ? prefixRange(orders.id, idPrefix) : undefined,
              ...phones.map((digits) => prefixRange(orders.phoneDigits, digits)),
            )
          : undefined,
        before(orders.createdAt, after),
      ),
    )
    .orderBy(...newestFirst(orders.createdAt))
    .limit(limit);
}
export type OrderRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];

/**
 * Contact messages, with the name of whoever handled each. ?q= is an e-mail prefix
 * (contact_messages_email_idx, then a sort of the few matches). Open: contact_messages_open_idx (handled_at, created_at). Handled: the
 * unary + keeps SQLite off the open index (a range over every handled message, then a sort)
 * and on contact_messages_created_at_idx, skipping the few open ones.
 */
export async function listMessages(db: Db, filters: Filters<'messages'>, page: PageRequest) {
  const { state, ...rest } = filters;
  const first =
    state !== 'handled' && unfiltered(rest) ? (state === 'open' ? firstOpenMessages : firstMessages)(db) : null;
  const result = await pageOf(page, first, (after, limit) => messagesQuery(db, filters, after, limit));
  const handlers = await usersById(
    db,
    result.rows.map((r) => r.handledBy),
  );
  return {
    next: result.next,
    rows: result.rows.map((r) => ({
      ...r,
      handledByName: r.handledBy ? (handlers.get(r.handledBy)?.name ?? null) : null,
    })),
  } satisfies Page<unknown>;
}
export type MessageRow = Awaited<ReturnType<typeof listMessages>>['rows'][number];

/** The messages list's query, unrun. */
const messagesQuery = (db: Db, filters: Filters<'messages'>, after: Cursor | null, limit: Limit) =>
  db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledBy: contactMessages.handledBy,
      row: rowid,
    })
    .from(contactMessages)
    .where(
      and(
        filters.state === 'open' ? isNull(contactMessages.handledAt) : undefined,
        filters.state === 'handled' ? sql`+${contactMessages.handledAt} IS NOT NULL` : undefined,
        filters.q ? prefixRange(contactMessages.email, filters.q.toLowerCase()) : undefined,
        before(contactMessages.createdAt, after),
      ),
    )
    .orderBy(...newestFirst(contactMessages.createdAt))
    .limit(limit);
const firstMessages = preparedPerDatabase((db) => messagesQuery(db, {}, null, LIMIT).prepare());
const firstOpenMessages = preparedPerDatabase((db) => messagesQuery(db, { state: 'open' }, null, LIMIT).prepare());

/**
 * Customers, newest account first. users has no created_at index, but accounts are inserted
 * when they are created, so rowid order is creation order and the table's own b-tree serves
 * it; the cursor's time is informational. ?q= is an e-mail prefix (users_email_unique).
 */
export async function listCustomers(db: Db, filters: Filters<'customers'>, page: PageRequest) {
  return pageOf(page, unfiltered(filters) ? firstCustomers(db) : null, (after, limit) =>
    customersQuery(db, filters, after, limit),
  );
}
export type CustomerRow = Awaited<ReturnType<typeof listCustomers>>['rows'][number];

/** The customers list's query, unrun. */
function customersQuery(db: Db, filters: Filters<'customers'>, after: Cursor | null, limit: Limit) {
  const email = filters.q?.toLowerCase();
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      row: rowid,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'customer'),
        email ? prefixRange(users.email, email) : undefined,
        after ? sql`${insertionOrder} < ${after.row}` : undefined,
      ),
    )
    .orderBy(desc(insertionOrder))
    .limit(limit);
}
const firstCustomers = preparedPerDatabase((db) => customersQuery(db, {}, null, LIMIT).prepare());

/** The subscription's rowid, named: the list joins users, which has one too. */
const subscriptionRowid = sql`${subscriptions}.rowid`;

/** Subscriptions with their customer's e-mail. subscriptions_created_at_idx, or subscriptions_status_idx then a sort of that status. */
export async function listSubscriptions(db: Db, filters: Filters<'subscriptions'>, page: PageRequest) {
  return pageOf(page, unfiltered(filters) ? firstSubscriptions(db) : null, (after, limit) =>
    subscriptionsQuery(db, filters, after, limit),
  );
}
export type SubscriptionRow = Awaited<ReturnType<typeof listSubscriptions>>['rows'][number];

/** The subscriptions list's query, unrun. */
function subscriptionsQuery(db: Db, filters: Filters<'subscriptions'>, after: Cursor | null, limit: Limit) {
  return db
    .select({
      id: subscriptions.id,
      description: subscriptions.description,
      priceCents: subscriptions.priceCents,
      interval: subscriptions.interval,
      status: subscriptions.status,
      orderId: subscriptions.orderId,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAt: subscriptions.cancelAt,
      createdAt: subscriptions.createdAt,
      row: sql<number>`${subscriptionRowid}`.mapWith(Number),
      email: users.email,
      customerName: users.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        filters.status ? eq(subscriptions.status, filters.status) : undefined,
        before(subscriptions.createdAt, after, subscriptionRowid),
      ),
    )
    .orderBy(...newestFirst(subscriptions.createdAt, subscriptionRowid))
    .limit(limit);
}
const firstSubscriptions = preparedPerDatabase((db) => subscriptionsQuery(db, {}, null, LIMIT).prepare());

/**
 * The name and e-mail of the users a page names (its actors, who handled it): one lookup by
 * primary key for the page rather than a join on every row of the index walk.
 */
async function usersById(db: Db, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, { name: string; email: string }>();
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(found.map((u) => [u.id, u]));
}

/**
 * The audit log with each actor's name and e-mail. audit_log_at_idx; ?entity= narrows by entity type.
 * A filter by action walks the same index and skips (there is no index on action).
 */
export async function listAudit(db: Db, filters: Filters<'audit'>, page: PageRequest) {
  const result = await pageOf(page, unfiltered(filters) ? firstAudit(db) : null, (after, limit) =>
    auditQuery(db, filters, after, limit),
  );
  const actors = await usersById(
    db,
    result.rows.map((r) => r.actorId),
  );
  return {
    next: result.next,
    rows: result.rows.map((r) => {
      const actor = r.actorId ? actors.get(r.actorId) : undefined;
      return { ...r, actorEmail: actor?.email ?? null, actorName: actor?.name ?? null };
    }),
  } satisfies Page<unknown>;
}
export type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

/** The audit list's query, unrun. */
function auditQuery(db: Db, filters: Filters<'audit'>, after: Cursor | null, limit: Limit) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.at,
      actorId: auditLog.actorId,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      row: rowid,
    })
    .from(auditLog)
    .where(
      and(
        filters.action ? eq(auditLog.action, filters.action) : undefined,
        filters.entity ? eq(auditLog.entityType, filters.entity) : undefined,
        before(auditLog.at, after),
      ),
    )
    .orderBy(...newestFirst(auditLog.at))
    .limit(limit);
}
const firstAudit = preparedPerDatabase((db) => auditQuery(db, {}, null, LIMIT).prepare());
