/**
 * Care-plan requests in the account's data export and deletion (accounts/personal-data.ts):
 * exported as the customer wrote them (who at the agency handles one is the agency's), deleted
 * with the account (their replies are threads: messages/personal-data.server.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { careRequests } from '#server/db/schema.ts';
import { ownsRequest } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';

export const requestData = personalData({
  name: 'careRequests',
  tables: [careRequests],
  async export({ db }, subject) {
    const rows = await db
      .select({
        id: careRequests.id,
        page: careRequests.page,
        details: careRequests.details,
        status: careRequests.status,
        createdAt: careRequests.createdAt,
        updatedAt: careRequests.updatedAt,
      })
      .from(careRequests)
      .where(ownsRequest(subject.id))
      .orderBy(asc(careRequests.createdAt));
    return { careRequests: rows };
  },
  async erase(_tx, subject) {
    return { statements: [build.delete(careRequests).where(eq(careRequests.userId, subject.id))] };
  },
});
