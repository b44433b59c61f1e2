/**
 * Booked calls in the account's data export and deletion (accounts/personal-data.ts). A booking
 * is kept by address alone, so it is the account's only once the account proved that address
 * (accounts/ownership.server.ts); otherwise it belongs to whoever reads that mailbox and neither
 * the export nor the deletion touches it. On deletion a call still to come is cancelled (its
 * slot is free again; no mail: the address is gone) and every call loses the person.
 */
import { and, eq, gt } from 'drizzle-orm';
import { build, type WriteQuery } from '#server/db/index.ts';
import { bookings } from '#server/db/schema.ts';
import { ownsBooking } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';

export const bookingData = personalData({
  name: 'bookings',
  tables: [bookings],
  async export({ db }, subject) {
    const rows = await db
      .select({
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        status: bookings.status,
        name: bookings.name,
        email: bookings.email,
        phone: bookings.phone,
        business: bookings.business,
        topic: bookings.topic,
        cancelledAt: bookings.cancelledAt,
        bookedAt: bookings.createdAt,
      })
      .from(bookings)
      .where(ownsBooking(subject.id))
      .orderBy(bookings.startsAt);
    return { bookings: rows };
  },
  async erase(_tx, subject, now) {
    if (!subject.addressProven) return { statements: [] };
    const at = new Date(now);
    const theirs = eq(bookings.email, subject.email);
    const statements: WriteQuery[] = [
      build
        .update(bookings)
        .set({ status: 'cancelled', cancelledAt: at, cancelledBy: 'visitor', updatedAt: at })
        .where(and(theirs, eq(bookings.status, 'active'), gt(bookings.startsAt, at))),
      build
        .update(bookings)
        .set({
          name: subject.tombstoneName,
          email: subject.tombstoneEmail,
          phone: '',
          business: null,
          topic: '',
          notes: null,
          updatedAt: at,
        })
        .where(theirs),
    ];
    return { statements };
  },
});
