import type { InStatement } from '@libsql/client';
import type { RenderedMail } from './render';

/**
 * The statement that puts a mail in the outbox. Callers commit it in the same unit as
 * the change that caused it (WriteQueue.run), so both exist or neither does.
 */
export function outboxInsert(
  mail: RenderedMail & { kind: string; to: string; replyTo?: string },
  now: number,
): InStatement {
  return {
    sql: `INSERT INTO outbox (id, kind, "to", reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
          VALUES (:id, :kind, :to, :replyTo, :subject, :text, :html, 'pending', 0, :now, :now)`,
    args: {
      id: crypto.randomUUID(),
      kind: mail.kind,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      now,
    },
  };
}
