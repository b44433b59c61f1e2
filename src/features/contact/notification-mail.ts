import type { ContactInput } from './schema.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { fields, h1, note, quote, renderMail } from '#server/email/template.ts';

/** Tells the agency about a new contact message; replying answers the visitor. */
export function contactNotification(message: ContactInput & { id: string; receivedAt: Date }): RenderedMail {
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
      note`Reply to this e-mail to answer the visitor.`,
    ],
  });
}
