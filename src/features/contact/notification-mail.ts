import type { ContactInput } from './schema.ts';
import { escapeHtml, mailLayout, type RenderedMail } from '#server/email/layout.ts';

/** Tells the agency about a new contact message; replying answers the visitor. */
export function contactNotification(message: ContactInput & { id: string; receivedAt: Date }): RenderedMail {
  const subject = `New message: ${message.subject ?? `from ${message.name}`}`.slice(0, 200);
  const when = message.receivedAt.toISOString();
  const text = [
    `New contact form message (${message.id})`,
    '',
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    `Subject: ${message.subject ?? '(none)'}`,
    `Received: ${when}`,
    '',
    message.message,
    '',
    'Reply to this e-mail to answer the visitor.',
  ].join('\n');
  const rows = [
    ['Name', message.name],
    ['Email', message.email],
    ['Subject', message.subject ?? '(none)'],
    ['Received', when],
  ]
    .map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${k}</th><td>${escapeHtml(v!)}</td></tr>`)
    .join('');
  const html = mailLayout(
    subject,
    `<h1 style="font-size:20px">New contact form message</h1><table>${rows}</table>
<p style="white-space:pre-wrap;border-left:4px solid #0f766e;padding-left:12px">${escapeHtml(message.message)}</p>
<p style="color:#64748b">Reply to this e-mail to answer the visitor.</p>`,
  );
  return { subject, text, html };
}
