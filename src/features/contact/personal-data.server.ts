/**
 * Contact-form messages in the account's data export and deletion (accounts/personal-data.ts).
 * Kept by address alone: the account's only once it proved that address
 * (accounts/ownership.server.ts). On deletion they go, with the agency's replies to them.
 */
import { desc, eq } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { contactMessages, contactReplies } from '#server/db/schema.ts';
import { PROFILE } from '#features/accounts/copy.ts';
import { ownsContactMessage } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';

export const contactData = personalData({
  name: 'contactMessages',
  tables: [contactMessages, contactReplies],
  async export({ db }, subject) {
    const messages = await db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        sentAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(ownsContactMessage(subject.id))
      .orderBy(desc(contactMessages.createdAt));
    // Unproven: none, and a note saying why (undefined is left out of the JSON).
    return {
      contactMessages: messages,
      contactMessagesNote: subject.addressProven ? undefined : PROFILE.exportContactUnconfirmed,
    };
  },
  async erase(_tx, subject) {
    if (!subject.addressProven) return { statements: [] };
    // The replies go with their message (ON DELETE CASCADE).
    return { statements: [build.delete(contactMessages).where(eq(contactMessages.email, subject.email))] };
  },
});
