/**
 * The back office's bookings: upcoming calls (soonest first) and past ones (latest first), one
 * keyset page at a time on bookings_starts_at_idx; blocked ranges; a booking with its audit
 * trail; notes; the calls of a range of Orlando days for the dashboard.
 */
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { auditTrail } from '#features/admin/audit-trail.server.ts';
import { type Cursor, PAGE_SIZE, toPage } from '#features/admin/lists/cursor.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { build, type Db, type WriteQuery } from '#server/db/index.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { bookingBlocks, bookings } from '#server/db/schema.ts';

export type BookingView = 'upcoming' | 'past';

const rowid = sql<number>`${insertionOrder}`.mapWith(Number);

export async function listBookings(db: Db, view: BookingView, after: Cursor | null, now = Date.now()) {
  const upcoming = view === 'upcoming';
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      name: bookings.name,
      email: bookings.email,
      business: bookings.business,
      topic: bookings.topic,
      status: bookings.status,
      row: rowid,
    })
    .from(bookings)
    .where(
      and(
        upcoming ? gte(bookings.startsAt, new Date(now)) : lt(bookings.startsAt, new Date(now)),
        after
          ? upcoming
            ? sql`(${bookings.startsAt}, ${insertionOrder}) > (${after.at}, ${after.row})`
            : sql`(${bookings.startsAt}, ${insertionOrder}) < (${after.at}, ${after.row})`
          : undefined,
      ),
    )
    .orderBy(
      ...(upcoming ? [asc(bookings.startsAt), asc(insertionOrder)] : [desc(bookings.startsAt), desc(insertionOrder)]),
    )
    .limit(PAGE_SIZE + 1);
  return toPage(rows, PAGE_SIZE, (r) => ({ at: r.startsAt.getTime(), row: r.row }));
}

/** Blocks that have not ended yet, soonest first. */
export const upcomingBlocks = (db: Db, now = Date.now()) =>
  db
    .select()
    .from(bookingBlocks)
    .where(gt(bookingBlocks.endsAt, new Date(now)))
    .orderBy(asc(bookingBlocks.startsAt))
    .limit(200);

export const insertBlock = (block: typeof bookingBlocks.$inferInsert): WriteQuery =>
  build.insert(bookingBlocks).values(block);

export const deleteBlock = (id: string): WriteQuery => build.delete(bookingBlocks).where(eq(bookingBlocks.id, id));

export async function findBlock(db: Db, id: string) {
  const [block] = await db.select().from(bookingBlocks).where(eq(bookingBlocks.id, id));
  return block ?? null;
}

export async function findBooking(db: Db, id: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  return booking ?? null;
}

/** /admin/bookings/{id}: the booking and its audit trail; null when there is none. */
export async function adminBookingPage(db: Db, id: string) {
  const booking = await findBooking(db, id);
  if (!booking) return null;
  return { booking, trail: await auditTrail(db, 'booking', id) };
}

export const setNotes = (id: string, notes: string | null, now: number): WriteQuery =>
  build
    .update(bookings)
    .set({ notes, updatedAt: new Date(now) })
    .where(eq(bookings.id, id));

/** Active calls starting in [from, to): the dashboard's today and tomorrow. */
export const callsBetween = (db: Db, from: Date, to: Date) =>
  callsBetweenQuery(db).all({ from: from.getTime(), to: to.getTime() });

// Prepared once: the dashboard runs it on every view. Placeholders bind as given, so the
// instants go in as the column stores them (milliseconds).
const callsBetweenQuery = preparedPerDatabase((db) =>
  db
    .select({ id: bookings.id, startsAt: bookings.startsAt, name: bookings.name, business: bookings.business })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'active'),
        gte(bookings.startsAt, sql.placeholder('from')),
        lt(bookings.startsAt, sql.placeholder('to')),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .prepare(),
);
