/**
 * Sending e-mail. With SMTP_URL (smtp:// or smtps://, credentials in the URL) mail goes to
 * that server; without it (the embedded default) mail is printed to the server log, so a
 * fresh install works and nothing is silently dropped.
 */
import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM } from '../env.ts';

export interface Mail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  mode: 'smtp' | 'log';
  from: string;
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

export interface Logger {
  info: (obj: object, msg: string) => void;
}

export function createMailer({
  smtpUrl,
  from = DEFAULT_MAIL_FROM,
  logger,
}: {
  smtpUrl?: string | undefined;
  from?: string;
  logger: Logger;
}): Mailer {
  if (!smtpUrl) {
    return {
      mode: 'log',
      from,
      async send(mail) {
        logger.info(
          { mail: { from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text } },
          'mail logged (no SMTP_URL)',
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    mode: 'smtp',
    from,
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
