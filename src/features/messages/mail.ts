/**
 * The e-mail a new message sends the other side: who wrote about what, and a link to the page
 * where it is read and answered (opening it changes nothing but the read marker). The message
 * itself stays on the site.
 */
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, note, p, renderMail } from '#server/email/template.ts';
import { MESSAGE_MAIL, MESSAGES } from './copy.ts';

/** To the agency: `customerName` wrote about `what` ('order PWS-…'); `url` is the admin page. */
export const messageToAgencyMail = (customerName: string, what: string, url: string): RenderedMail =>
  renderMail({
    subject: MESSAGE_MAIL.toAgencySubject(what),
    audience: 'agency',
    body: [p(MESSAGE_MAIL.toAgencyLead(customerName, what)), button(MESSAGE_MAIL.open, url)],
  });

/** To the customer: the agency wrote about `what`; `url` is their page. */
export const messageToCustomerMail = (customerName: string, what: string, url: string): RenderedMail =>
  renderMail({
    subject: MESSAGE_MAIL.toCustomerSubject(site.brand, what),
    audience: 'customer',
    body: [
      p`Hi ${customerName},`,
      p(MESSAGE_MAIL.toCustomerLead(MESSAGES.agencyName(site.brand), what)),
      button(MESSAGE_MAIL.open, url),
      note(MESSAGE_MAIL.privacy),
    ],
  });
