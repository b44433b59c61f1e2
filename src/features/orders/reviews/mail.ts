/** E-mails of the review rounds: the preview to the customer, their answer to the agency. */
import type { RenderedMail } from '#server/email/layout.ts';
import { button, fields, h1, lines, note, p, quote, renderMail, strong } from '#server/email/template.ts';
import { site } from '#data/site.ts';
import { orderNumber } from '../order-number.ts';
import { ADMIN_REVIEW } from './copy.ts';

/**
 * To the customer: a preview is ready. The button opens their order page, where 'Approve for
 * launch' and 'Request changes' are: opening the link changes nothing.
 */
export function previewReadyMail(
  order: { id: string; name: string },
  options: { round: number; message: string | null; accountUrl: string },
): RenderedMail {
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Your site preview is ready (${number})`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      p`The preview of your new website is ready for you to review${options.round > 1 ? ', with the changes you asked for' : ''}.`,
      ...(options.message ? [lines(p`Our note:`, quote(options.message))] : []),
      button('Review your site', options.accountUrl, {
        lead: 'Open your order to see the preview, then approve it for launch or tell us what to change',
      }),
      note`Questions? Reply to this e-mail or call ${site.phone.display}.`,
    ],
  });
}

type Contact = { id: string; name: string; email: string; businessName: string };

/** To the agency: the customer asked for changes (flagged when beyond what is included). */
export function changesRequestedMail(
  order: Contact,
  options: { round: number; changes: string; extraWork: boolean; adminUrl: string },
): RenderedMail {
  const number = orderNumber(order.id);
  return renderMail({
    subject: `${options.extraWork ? 'Extra work: ' : ''}Changes requested on ${number}: ${order.businessName}`.slice(
      0,
      200,
    ),
    audience: 'agency',
    body: [
      h1(`Changes requested on ${number}`),
      fields([
        ['Customer', `${order.name} <${order.email}>`],
        ['Business', order.businessName],
        ['Revision round', String(options.round)],
      ]),
      ...(options.extraWork ? [p(strong(`${ADMIN_REVIEW.extraWork}: quote it before starting.`))] : []),
      quote(options.changes),
      button('Open the order', options.adminUrl),
    ],
  });
}

/** To the agency: the customer approved the preview for launch. */
export function approvedMail(order: Contact, options: { round: number; adminUrl: string }): RenderedMail {
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Approved for launch: ${number}: ${order.businessName}`.slice(0, 200),
    audience: 'agency',
    body: [
      h1(`${order.businessName} approved preview ${options.round} for launch`),
      p`${order.name} (${order.email}) approved the site. Mark it launched on the order page once it is live.`,
      button('Open the order', options.adminUrl),
    ],
  });
}
