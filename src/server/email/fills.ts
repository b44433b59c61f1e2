/**
 * Values a queued mail names that its own commit makes. An invoice's number is taken by the
 * database in the very commit that queues the invoice's mail (so a failed commit takes no
 * number), so that mail is written with a placeholder, `mailFill('invoice-number')`, and the
 * outbox worker puts the value in at sending, as it makes the mail's attachments. What a
 * placeholder stands for is read from the mail's own attachment references (an invoice mail
 * carries its PDF), so a placeholder a customer types into their own details can name nothing
 * but their own document. The platform knows no feature: the composition root (src/main.ts)
 * registers each fill.
 */
import { escapeHtml } from '#lib/html.ts';
import type { Db } from '../db/index.ts';
import type { AttachmentRef } from '../db/schema.ts';

/** The value of fill `name` for a mail with these attachments; null leaves the placeholder as written. */
export type MailFills = Record<string, (db: Db, attachments: readonly AttachmentRef[]) => Promise<string | null>>;

/** The placeholder for fill `name` (lower-case words and hyphens), in a subject or a body. */
export const mailFill = (name: string) => `{{fill:${name}}}`;

const PLACEHOLDER = /\{\{fill:([a-z][a-z-]*)\}\}/g;

interface MailParts {
  subject: string;
  text: string;
  html: string;
}

/** `mail` with every placeholder a registered fill can answer replaced (escaped in the HTML part). */
export async function fillMail<T extends MailParts>(
  db: Db,
  mail: T,
  attachments: readonly AttachmentRef[] | null,
  fills: MailFills,
): Promise<T> {
  const names = new Set(
    [mail.subject, mail.text, mail.html].flatMap((part) => [...part.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
  );
  if (names.size === 0) return mail;
  const values = new Map<string, string>();
  for (const name of names) {
    const fill = fills[name];
    const value = fill ? await fill(db, attachments ?? []) : null;
    if (value !== null) values.set(name, value);
  }
  const replace = (part: string, encode: (value: string) => string) =>
    part.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      return value === undefined ? whole : encode(value);
    });
  return {
    ...mail,
    subject: replace(mail.subject, (v) => v),
    text: replace(mail.text, (v) => v),
    html: replace(mail.html, escapeHtml),
  };
}
