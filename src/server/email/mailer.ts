/**
 * Sending e-mail. With SMTP_URL (smtp:// or smtps://, credentials in the URL) mail goes to
 * that server; without it (the embedded default) mail is printed to the server log, so a
 * fresh install works and nothing is silently dropped.
 */
import nodemailer from 'nodemailer';
import { site } from '#data/site.ts';
import { DEFAULT_MAIL_FROM } from '../env.ts';
import { headerText } from './header-text.ts';

/** A file sent with a mail (an invoice's PDF). */
export interface Attachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mail {
  to: string;
  /** Where an answer goes. Unset on a mail to anyone but the agency: the agency inbox (`replyAddress`). */
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
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

/** Single-use links in a logged mail: printed only on a development setup. */
const TOKEN_IN_LINK = /([?&]token=)[^\s&"'<>]+/g;

/**
 * The Reply-To of a mail. Mail comes from a no-reply sender and customer mails say 'Reply to this
 * e-mail': an answer must reach a person, so a mail to anyone but the agency answers to the agency
 * inbox. A mail that names its own (a contact notification answers to the visitor) keeps it; a
 * mail to the agency inbox itself needs none. Decided at sending, so mail queued before this rule
 * (or before AGENCY_INBOX changed) gets it too.
 */
export function replyAddress(mail: Pick<Mail, 'to' | 'replyTo'>, agencyInbox: string): string | undefined {
  if (mail.replyTo) return mail.replyTo;
  return mail.to.trim().toLowerCase() === agencyInbox.trim().toLowerCase() ? undefined : agencyInbox;
}

/** The mail's header fields, each one line (header-text.ts): what both modes send or print. */
function headersOf(mail: Mail, agencyInbox: string) {
  const replyTo = replyAddress(mail, agencyInbox);
  return {
    to: headerText(mail.to),
    replyTo: replyTo === undefined ? undefined : headerText(replyTo),
    subject: headerText(mail.subject),
  };
}

/** true when the site is served from this machine (localhost, 127.0.0.1, ::1): a development setup. */
export function isDevelopmentOrigin(siteUrl: string): boolean {
  const { hostname } = new URL(siteUrl);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function createMailer({
  smtpUrl,
  from = DEFAULT_MAIL_FROM,
  agencyInbox = site.email,
  logger,
  printLinks = false,
}: {
  smtpUrl?: string | undefined;
  from?: string;
  /** AGENCY_INBOX (default: the site's e-mail): where customers' answers go. */
  agencyInbox?: string | undefined;
  logger: Logger;
  /** Log mode only: print working links (a development setup), or redact them. */
  printLinks?: boolean;
}): Mailer {
  if (!smtpUrl) {
    return {
      mode: 'log',
      from,
      async send(mail) {
        const text = printLinks
          ? mail.text
          : mail.text.replace(TOKEN_IN_LINK, '$1[redacted: set SMTP_URL to deliver mail]');
        const attachments = mail.attachments?.map((a) => `${a.filename} (${a.content.byteLength} bytes)`);
        logger.info(
          {
            mail: {
              from,
              ...headersOf(mail, agencyInbox),
              text,
              ...(attachments?.length && { attachments }),
            },
          },
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
        ...headersOf(mail, agencyInbox),
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({
          filename: headerText(a.filename),
          contentType: a.contentType,
          content: Buffer.from(a.content),
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}
