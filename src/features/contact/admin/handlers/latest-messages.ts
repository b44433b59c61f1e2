import { defineRead } from '#server/http/mutation.ts';
import { jsonOk } from '#server/http/responses.ts';
import { latestContactMessages } from '../../contact.server.ts';

/** GET /api/admin/messages: the latest contact messages (admins only). */
export const adminMessages = defineRead({
  access: 'admin',
  handle: async ({ database }) => jsonOk(await latestContactMessages(database)),
});
