/**
 * Mail capture for e2e specs. The e2e servers have no SMTP_URL: the outbox worker logs each
 * mail within two seconds and then clears its body. A trigger in the test database keeps a
 * copy of every mail's sealed text as it is written (the delivery itself is untouched), and
 * the key file beside the database unseals it, as the worker would.
 */
import { readFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { mailFill } from '#server/email/fills.ts';
import { keyFileFor, unseal } from '#server/email/sealed.ts';

export async function installMailCapture(dbUrl: string): Promise<void> {
  const db = createClient({ url: dbUrl });
  try {
    // The server (or another worker installing the same) may hold the write lock: wait for it
    // rather than fail at once with SQLITE_BUSY (CI run 12 did, in a beforeAll).
    await db.execute('PRAGMA busy_timeout = 15000');
    await db.batch(
      [
        'CREATE TABLE IF NOT EXISTS e2e_captured_mail (id TEXT PRIMARY KEY, kind TEXT, recipient TEXT, subject TEXT, body TEXT)',
        `CREATE TRIGGER IF NOT EXISTS e2e_capture_mail AFTER INSERT ON outbox BEGIN
           INSERT OR IGNORE INTO e2e_captured_mail VALUES (NEW.id, NEW.kind, NEW."to", NEW.subject, NEW.text);
         END`,
      ],
      'write',
    );
  } finally {
    db.close();
  }
}

/**
 * The captured mails of `kind` to `email`, oldest first, unsealed, with the invoice number an
 * invoice mail names at sending (src/server/email/fills.ts) filled in as the worker fills it:
 * from the invoice its attachment names.
 */
export async function capturedMail(dbUrl: string, email: string, kind: string) {
  const db = createClient({ url: dbUrl });
  try {
    const { rows } = await db.execute({
      sql: `SELECT c.subject, c.body, (SELECT i.number FROM outbox o, json_each(o.attachments) a
              JOIN invoices i ON i.id = json_extract(a.value, '$.ref')
              WHERE o.id = c.id AND json_extract(a.value, '$.kind') = 'invoice-pdf') AS invoice_number
            FROM e2e_captured_mail c WHERE c.recipient = ? AND c.kind = ? ORDER BY c.rowid`,
      args: [email, kind],
    });
    const key = Buffer.from(readFileSync(keyFileFor(dbUrl)!, 'utf8').trim(), 'base64');
    const fill = (text: string, number: unknown) =>
      number === null ? text : text.replaceAll(mailFill('invoice-number'), String(number));
    return rows.map((r) => ({
      subject: fill(String(r.subject), r.invoice_number),
      text: fill(unseal(String(r.body), key), r.invoice_number),
    }));
  } finally {
    db.close();
  }
}

/** The newest link to `path` (e.g. '/verify-email') in a captured mail of `kind` to `email`. */
export async function linkIn(dbUrl: string, email: string, kind: string, path: string): Promise<string> {
  const mails = await capturedMail(dbUrl, email, kind);
  const text = mails.at(-1)?.text ?? '';
  const link = new RegExp(`https?://\\S+${path}\\?token=[^\\s"'<>]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in a ${kind} mail to ${email}`);
  return new URL(link).pathname + new URL(link).search;
}
