import { build, type WriteQuery } from '../db/index.ts';
import { outbox, type AttachmentRef } from '../db/schema.ts';
import { headerText } from './header-text.ts';
import type { RenderedMail } from './layout.ts';
import { seal } from './sealed.ts';

/**
 * The statement that puts a mail in the outbox. Callers commit it in the same unit as
 * the change that caused it (WriteQueue.run), so both exist or neither does.
 */
export function outboxInsert(
  mail: RenderedMail & { kind: string; to: string; replyTo?: string; attachments?: AttachmentRef[] },
  now: number,
): WriteQuery {
  return build.insert(outbox).values({
    id: crypto.randomUUID(),
    kind: mail.kind,
    // Headers are one line whatever the text in them (src/server/email/header-text.ts).
    to: headerText(mail.to),
    replyTo: mail.replyTo ? headerText(mail.replyTo) : null,
    subject: headerText(mail.subject),
    // Bodies can carry single-use links: sealed at rest (src/server/email/sealed.ts).
    text: seal(mail.text),
    html: seal(mail.html),
    attachments: mail.attachments?.length ? mail.attachments : null,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  });
}
