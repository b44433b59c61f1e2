/**
 * The back office's bookings: upcoming calls (soonest first) and past ones (latest first), one
 * keyset page at a time on bookings_starts_at_idx; blocked ranges; a booking with its audit
 * trail; notes; the calls of a range of Orlando days for the dashboard; blocking a range, which
 * cancels the calls in it only once the admin has confirmed exactly those.
 */
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { auditTrail } from '#features/admin/audit-trail.server.ts';
import { type Cursor, PAGE_SIZE, toPage } from '#features/admin/lists/cursor.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { build, type AppDatabase, type Db, type Tx, type WriteQuery } from '#server/db/index.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { bookingBlocks, bookings } from '#server/db/schema.ts';
import { type Booking, cancelWithin } from '../bookings.server.ts';
import { ADMIN_BOOKINGS } from '../copy.ts';

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

/** Active calls that overlap [from, to), soonest first: what blocking that range would cancel. */
export const callsCovered = (db: Db | Tx, from: Date, to: Date) =>
  db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'active'), lt(bookings.startsAt, to), gt(bookings.endsAt, from)))
    .orderBy(asc(bookings.startsAt), asc(insertionOrder))
    .limit(200);

export type BlockResult = { ok: true; cancelled: Booking[] } | { ok: false; reason: 'covers-calls'; calls: Booking[] };

/**
 * Blocks `block`'s range. When booked calls fall in it, nothing is written unless `confirmed`
 * names every one of them (the admin saw and agreed to exactly these: a call booked since then
 * asks again); then each is cancelled and its visitor mailed, in the same commit as the block,
 * `auditBlock`'s entry and an `auditCancel` entry per call.
 */
export async function blockTime(
  database: AppDatabase,
  {
    block,
    confirmed,
    auditBlock,
    auditCancel,
  }: {
    block: typeof bookingBlocks.$inferInsert;
    confirmed: readonly string[];
    auditBlock: (cancelled: readonly string[]) => WriteQuery;
    auditCancel: (booking: Booking) => WriteQuery;
  },
  now = Date.now(),
): Promise<BlockResult> {
  return database.writes.transaction(async (tx): Promise<BlockResult> => {
    const covered = await callsCovered(tx, block.startsAt, block.endsAt);
    const agreed = new Set(confirmed);
    if (covered.some((call) => !agreed.has(call.id))) return { ok: false, reason: 'covers-calls', calls: covered };
    await tx.batch([insertBlock(block), auditBlock(covered.map((c) => c.id))]);
    const cancelled: Booking[] = [];
    for (const call of covered) {
      const row = await cancelWithin(
        tx,
        { id: call.id, by: 'agency', message: ADMIN_BOOKINGS.blockCancelMessage, extra: [auditCancel(call)] },
        now,
      );
      if (row) cancelled.push(row);
    }
    return { ok: true, cancelled };
  });
}

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
