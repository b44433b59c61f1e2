/**
 * Care-plan requests on the server: who may send one (a customer with an active plan), the
 * customer's and the agency's reads, and the admin's moves (status, assignment), each a
 * version-checked update committed with its audit entry and the customer's e-mail.
 */
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db, WriteQuery } from '#server/db/index.ts';
import { build } from '#server/db/index.ts';
import { careRequests, messageThreads, subscriptions, users, type CareRequestStatus } from '#server/db/schema.ts';
import { randomId } from '#server/security/tokens.ts';
import { ownsRequest, ownsSubscription } from '#features/accounts/ownership.server.ts';

export type CareRequest = typeof careRequests.$inferSelect;

/** The customer's active plan (status 'active', address proven), or null: requests need one. */
export async function activePlanOf(db: Db, userId: string) {
  const [plan] = await db
    .select({ id: subscriptions.id, description: subscriptions.description })
    .from(subscriptions)
    .where(and(ownsSubscription(userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return plan ?? null;
}

/** A new request, open and unassigned. */
export function newRequestStatements(input: { userId: string; page: string; details: string }, now = Date.now()) {
  const id = randomId();
  const at = new Date(now);
  const statements: WriteQuery[] = [
    build.insert(careRequests).values({ id, ...input, status: 'open', assignee: null, createdAt: at, updatedAt: at }),
  ];
  return { id, statements };
}

/** The customer's requests, newest first, with how many agency messages on each they have not read. */
export function requestsOfCustomer(db: Db, userId: string) {
  return db
    .select({ request: careRequests, unread: messageThreads.unreadByCustomer })
    .from(careRequests)
    .leftJoin(messageThreads, eq(messageThreads.requestId, careRequests.id))
    .where(ownsRequest(userId))
    .orderBy(desc(careRequests.createdAt), desc(careRequests.id));
}

/** One request with its customer, for its owner (`ownerId`) or, without one, for an admin; null otherwise. */
export async function requestWithCustomer(db: Db, id: string, ownerId: string | null) {
  const [row] = await db
    .select({ request: careRequests, customer: { id: users.id, name: users.name, email: users.email } })
    .from(careRequests)
    .innerJoin(users, eq(users.id, careRequests.userId))
    .where(ownerId === null ? eq(careRequests.id, id) : and(eq(careRequests.id, id), ownsRequest(ownerId)));
  return row ?? null;
}

/** A position in the queue: requests older than it come next. */
export interface QueueCursor {
  at: number;
  id: string;
}

const QUEUE_PAGE = 50;

/** The agency's queue, newest first, by status or all, a page at a time (keyset on created, id). */
export async function requestQueue(db: Db, filter: { status: CareRequestStatus | null; after: QueueCursor | null }) {
  const conditions = [
    filter.status ? eq(careRequests.status, filter.status) : undefined,
    filter.after
      ? or(
          lt(careRequests.createdAt, new Date(filter.after.at)),
          and(eq(careRequests.createdAt, new Date(filter.after.at)), lt(careRequests.id, filter.after.id)),
        )
      : undefined,
  ];
  const rows = await db
    .select({
      // What the queue shows: the request's text and history stay on its own page.
      request: {
        id: careRequests.id,
        page: careRequests.page,
        status: careRequests.status,
        assignee: careRequests.assignee,
        createdAt: careRequests.createdAt,
      },
      customer: { name: users.name, email: users.email },
      unread: messageThreads.unreadByAgency,
    })
    .from(careRequests)
    .innerJoin(users, eq(users.id, careRequests.userId))
    .leftJoin(messageThreads, eq(messageThreads.requestId, careRequests.id))
    .where(and(...conditions))
    .orderBy(desc(careRequests.createdAt), desc(careRequests.id))
    .limit(QUEUE_PAGE + 1);
  const last = rows.length > QUEUE_PAGE ? rows[QUEUE_PAGE - 1] : undefined;
  return {
    rows: rows.slice(0, QUEUE_PAGE),
    next: last ? { at: last.request.createdAt.getTime(), id: last.request.id } : null,
  };
}

/**
 * The admin's change to a request, when it is still at `version`: the update (or null when the
 * request moved meanwhile: the caller answers 'stale').
 */
export function changeStatement(
  request: Pick<CareRequest, 'id' | 'version'>,
  change: Partial<Pick<CareRequest, 'status' | 'assignee'>>,
  now = Date.now(),
): WriteQuery {
  return build
    .update(careRequests)
    .set({ ...change, version: request.version + 1, updatedAt: new Date(now) })
    .where(and(eq(careRequests.id, request.id), eq(careRequests.version, request.version)));
}
