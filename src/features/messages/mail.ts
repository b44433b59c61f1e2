/**
 * The e-mail a new message sends the other side: who wrote about what, the message itself (its
 * words, and its image as a link to the signed-in page that shows it: never a file address that
 * works without signing in), and how to answer: on the site, where the conversation is kept.
 */
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, link, note, p, quote, renderMail } from '#server/email/template.ts';
import { MESSAGE_MAIL, MESSAGES } from './copy.ts';

/** What was written, for the mail: its text, and its image's name and the page showing it. */
export interface MailedMessage {
  body: string;
  image: { name: string; url: string } | null;
}

const messageBlocks = (message: MailedMessage) => [
  ...(message.body ? [quote(message.body)] : []),
  ...(message.image ? [p(MESSAGE_MAIL.image, link(message.image.name, message.image.url))] : []),
];

/** To the agency: `customerName` wrote about `what` ('order PWS-…'); `url` is the admin page. */
export const messageToAgencyMail = (
  customerName: string,
  what: string,
  url: string,
  message: MailedMessage,
): RenderedMail =>
  renderMail({
    subject: MESSAGE_MAIL.toAgencySubject(what),
    audience: 'agency',
    body: [
      p(MESSAGE_MAIL.toAgencyLead(customerName, what)),
      ...messageBlocks(message),
      button(MESSAGE_MAIL.open, url, { lead: MESSAGE_MAIL.agencyHowToAnswer }),
    ],
  });

/** To the customer: the agency wrote about `what`; `url` is their page. */
export const messageToCustomerMail = (
  customerName: string,
  what: string,
  url: string,
  message: MailedMessage,
): RenderedMail =>
  renderMail({
    subject: MESSAGE_MAIL.toCustomerSubject(site.brand, what),
    audience: 'customer',
    body: [
      p`Hi ${customerName},`,
      p(MESSAGE_MAIL.toCustomerLead(MESSAGES.agencyName(site.brand), what)),
      ...messageBlocks(message),
      button(MESSAGE_MAIL.open, url, { lead: MESSAGE_MAIL.customerHowToAnswer }),
      note(MESSAGE_MAIL.signIn),
    ],
  });
