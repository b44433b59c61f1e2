/**
 * Quotes for extra revision rounds in the account's data export and deletion
 * (accounts/personal-data.ts). A quote is about the account's order: exported as the account sees
 * it (ownership.server.ts); deletion removes those never accepted and keeps an accepted one, which
 * its invoice (the books, kept) was issued from, without the agency's note to the person.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { orders, revisionQuotes } from '#server/db/schema.ts';
import { ownsQuote } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';

export const quoteData = personalData({
  name: 'revision-quotes',
  tables: [revisionQuotes],
  async export({ db }, subject) {
    const quotes = await db
      .select({
        orderId: revisionQuotes.orderId,
        rounds: revisionQuotes.rounds,
        unitCents: revisionQuotes.unitCents,
        note: revisionQuotes.note,
        status: revisionQuotes.status,
        invoiceId: revisionQuotes.invoiceId,
        createdAt: revisionQuotes.createdAt,
        answeredAt: revisionQuotes.answeredAt,
      })
      .from(revisionQuotes)
      .where(ownsQuote(subject.id))
      .orderBy(asc(revisionQuotes.createdAt));
    return { revisionQuotes: quotes };
  },
  async erase(_tx, subject) {
    const theirs = inArray(
      revisionQuotes.orderId,
      build.select({ id: orders.id }).from(orders).where(eq(orders.userId, subject.id)),
    );
    return {
      statements: [
        build.delete(revisionQuotes).where(and(theirs, isNull(revisionQuotes.invoiceId))),
        build
          .update(revisionQuotes)
          .set({ note: null })
          .where(and(theirs, isNotNull(revisionQuotes.invoiceId))),
      ],
    };
  },
});
