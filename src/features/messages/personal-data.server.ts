/**
 * Threads in the account's data export and deletion (accounts/personal-data.ts). The export
 * holds every message on the account's threads (both sides: the agency's words were written to
 * them), text and the attachment's name. Deleting the account deletes its threads, their
 * messages and the images stored for them: a conversation with a person who has left is not
 * part of the books.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { messageThreads, threadMessages } from '#server/db/schema.ts';
import { personalData } from '#features/accounts/personal-data.ts';
import { removeStored } from '#features/intake/uploads/uploads.server.ts';
import { messagesForExport } from './threads.server.ts';

export const messageData = personalData({
  name: 'threads',
  tables: [messageThreads, threadMessages],
  async export({ db }, subject) {
    return { projectMessages: await messagesForExport(db, subject.id) };
  },
  async erase(tx, subject) {
    const files = await tx
      .select({ stored: threadMessages.fileStoredName, thumb: threadMessages.fileThumbName })
      .from(threadMessages)
      .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
      .where(and(eq(messageThreads.customerId, subject.id), isNotNull(threadMessages.fileStoredName)));
    const stored = files.flatMap((f) => [f.stored, f.thumb]).filter((name): name is string => name !== null);
    return {
      // The messages go with their thread (ON DELETE CASCADE).
      statements: [build.delete(messageThreads).where(eq(messageThreads.customerId, subject.id))],
      summary: { threadImages: files.length },
      afterCommit: async () => {
        if (stored.length > 0) await removeStored(stored);
      },
    };
  },
});
