/** E-mails about subscriptions: an offer, a cancellation, an acceptance. */
import { CANCELLATION_NOTICE_DAYS, formatPrice } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { formatDateTime } from '#lib/dates.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { link, lines, p, renderMail } from '#server/email/template.ts';
import { serverEnv } from '#server/env.ts';
import type { subscriptions } from '#server/db/schema.ts';

/** What a mail says about a subscription: what it is and what it costs. */
// From the table, not subscriptions.server.ts, which imports this module.
type MailSubscription = Pick<typeof subscriptions.$inferSelect, 'id' | 'description' | 'priceCents' | 'interval'>;

const dateOnly = (d: Date) => formatDateTime(d).replace(/, \d{1,2}:\d{2}\s?[AP]M$/, '');

/** The e-mail telling a customer an offer waits in their account (activate it first when new). */
export function offerMail(
  offer: Omit<MailSubscription, 'id'>,
  name: string,
  newAccount: boolean,
  addressProven = true,
): RenderedMail {
  const first = newAccount
    ? 'We also sent you a link to activate your account: open it first, then accept the offer.'
    : addressProven
      ? 'Sign in to accept it.'
      : 'It appears once your account has confirmed this email address: sign in and confirm it from your account page. If you cannot sign in, reset your password from the log-in page; the reset link confirms the address too.';
  return renderMail({
    subject: `An offer from ${site.brand}: ${offer.description}`.slice(0, 200),
    audience: 'customer',
    body: [
      p`Hi ${name},`,
      lines(
        p`We prepared a subscription for you: ${offer.description}, ${formatPrice(offer.priceCents)} per ${offer.interval}.`,
        p`It waits for you in ${link('your account', `${serverEnv().SITE_URL}/account#subscriptions`)}`,
        p(first),
      ),
    ],
  });
}

/** The customer's confirmation of a cancel request, and the agency's notice of it. */
export function cancellationMails(
  s: MailSubscription,
  customer: { name: string; email: string },
  terms: { cancelAt: Date; lastBilled: Date | null },
): { toCustomer: RenderedMail; toAgency: RenderedMail } {
  const last = terms.lastBilled
    ? `Your last payment is on ${dateOnly(terms.lastBilled)}.`
    : 'You will not be billed again.';
  const body = `Your ${s.description} (${formatPrice(s.priceCents)} per ${s.interval}) ends on ${dateOnly(terms.cancelAt)}, after the ${CANCELLATION_NOTICE_DAYS}-day notice period. ${last}`;
  const toCustomer = renderMail({
    subject: `Your cancellation: ${s.description}`,
    audience: 'customer',
    body: [p`Hi ${customer.name},`, p(body), p`Changed your mind? Reply to this e-mail or call ${site.phone.display}.`],
  });
  const toAgency = renderMail({
    subject: `Cancellation request: ${s.description} (${customer.email})`.slice(0, 200),
    audience: 'agency',
    body: [
      p`${customer.name} <${customer.email}> asked to cancel ${s.description} (${s.id}). ${body.replace('Your ', 'It: ')}`,
    ],
  });
  return { toCustomer, toAgency };
}

/** To the agency when a customer accepted an offer that is paid by invoice: time to send the first. */
export function subscriptionAcceptedMail(
  s: Omit<MailSubscription, 'id'>,
  customer: { name: string; email: string } | undefined,
): RenderedMail {
  return renderMail({
    subject: `Subscription accepted: ${s.description}`.slice(0, 200),
    audience: 'agency',
    body: [
      p`${customer?.name ?? 'A customer'} <${customer?.email ?? ''}> accepted ${s.description} at ${formatPrice(s.priceCents)} per ${s.interval}. Send the first invoice.`,
    ],
  });
}
