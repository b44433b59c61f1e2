/**
 * POST /api/admin/messages/{id}/replies {body}: an admin answers a contact message from the
 * product. The reply, its e-mail to the writer (through the outbox), the handled stamp, the
 * lead's move and the audit entry ('contact.reply': the reply's length, not its words) commit
 * together. A plain form lands back on the message's page; a refused one keeps what was typed.
 */
import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { defineMutation, done, landing } from '#server/http/mutation.ts';
import { forgetDashboardStats } from '#features/admin/dashboard/queries.server.ts';
import { ADMIN_CONTACT, MAX_REPLY_CHARS } from '../copy.ts';
import { contactMessageId, contactMessagePath } from '../paths.ts';
import { findContactMessage, replyStatements } from '../replies.server.ts';

/** The reply (the page's field has the same limit): trimmed, 1 to MAX_REPLY_CHARS, line breaks kept as LF. */
const contactReplySchema = z.object({
  body: z.string({ error: ADMIN_CONTACT.replyRequired }).check(
    // A browser posts a text area's line breaks as CRLF: kept as the LF the page counted.
    z.overwrite((text) => text.replace(/\r\n?/g, '\n')),
    z.trim(),
    z.minLength(1, ADMIN_CONTACT.replyRequired),
    z.maxLength(MAX_REPLY_CHARS, ADMIN_CONTACT.replyTooLong),
    noControlCharacters(ADMIN_CONTACT.replyControl, { multiline: true }),
  ),
});

export const postContactReply = defineMutation({
  access: 'admin',
  params: { id: contactMessageId },
  schema: contactReplySchema,
  // Room for the longest reply in any script, form-encoded (up to 9 bytes a character).
  maxBytes: 64 * 1024,
  failures: { 'not-found': { status: 404, error: ADMIN_CONTACT.notFound } },
  formFailure: (code, { params }) =>
    code === 'not-found' || !params.id
      ? '/admin/messages'
      : landing(`${contactMessagePath(params.id)}#reply`, code === 'invalid' ? 'invalid' : 'error'),
  async handle({ input, user, database, params, audit, commit, refuse }) {
    const message = await findContactMessage(database.db, params.id);
    if (!message) return refuse('not-found');
    const reply = replyStatements(message, { body: input.body, authorId: user.id });
    await commit([
      ...reply.statements,
      audit({
        action: 'contact.reply',
        entityType: 'contact_message',
        entityId: message.id,
        after: { replyId: reply.id, to: message.email, length: input.body.length },
      }),
    ]);
    // The dashboard counts open messages: a reply handles one.
    if (!message.handledAt) forgetDashboardStats();
    return done(landing(`${contactMessagePath(message.id)}#replies`, 'reply-sent'), 201, { id: reply.id });
  },
});
