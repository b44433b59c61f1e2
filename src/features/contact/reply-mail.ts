/** The agency's reply to a contact message, as the person who wrote receives it. */
import { site } from '#data/site.ts';
import { formatDateTime } from '#lib/dates.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { note, p, quote, renderMail } from '#server/email/template.ts';
import { CONTACT_REPLY_MAIL } from './admin/copy.ts';

export function contactReplyMail(
  message: { name: string; subject: string | null; message: string; createdAt: Date },
  reply: string,
): RenderedMail {
  return renderMail({
    subject: CONTACT_REPLY_MAIL.subject(message.subject, site.brand),
    audience: 'customer',
    body: [
      p`Hi ${message.name},`,
      quote(reply),
      note(CONTACT_REPLY_MAIL.youWrote(formatDateTime(message.createdAt))),
      quote(message.message),
      note(CONTACT_REPLY_MAIL.howToAnswer),
    ],
  });
}
