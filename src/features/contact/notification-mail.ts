import { ADMIN_CONTACT } from './admin/copy.ts';
import type { ContactInput } from './schema.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, fields, h1, p, quote, renderMail } from '#server/email/template.ts';

/**
 * Tells the agency about a new contact message, with the link to its page in /admin, where the
 * answer is written and sent from the site (kept with the message and the lead).
 */
export function contactNotification(
  message: ContactInput & { id: string; receivedAt: Date },
  adminUrl: string,
): RenderedMail {
  return renderMail({
    subject: `New message: ${message.subject ?? `from ${message.name}`}`.slice(0, 200),
    audience: 'agency',
    body: [
      h1(`New contact form message (${message.id})`),
      fields([
        ['Name', message.name],
        ['Email', message.email],
        ['Subject', message.subject ?? '(none)'],
        ['Received', message.receivedAt.toISOString()],
      ]),
      quote(message.message),
      p(ADMIN_CONTACT.notificationHowToAnswer),
      button(ADMIN_CONTACT.notificationButton, adminUrl),
    ],
  });
}
