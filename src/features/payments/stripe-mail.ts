/** E-mail about Stripe payments: one that did not go through, and offers paid (or paid oddly). */
import { formatPrice } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { escapeHtml, mailLayout, type RenderedMail } from '#server/email/layout.ts';
import { orderNumber } from '#features/orders/order-number.ts';

/** To the customer when a delayed (bank) payment fails: the order waits, and we help them pay. */
export function paymentFailedMail(
  order: { id: string; name: string; totalCents: number },
  options: { accountUrl: string },
): RenderedMail {
  const number = orderNumber(order.id);
  const subject = `Your payment for ${number} did not go through`;
  const lines = [
    `Your payment of ${formatPrice(order.totalCents)} for order ${number} did not go through, so nothing was charged and your order is waiting for payment.`,
    `Reply to this e-mail or call ${site.phone.display} and we will help you pay another way.`,
  ];
  const text = [`Hi ${order.name},`, '', ...lines, '', `Your order: ${options.accountUrl}`, '', site.brand].join('\n');
  const html = mailLayout(
    subject,
    `<p>Hi ${escapeHtml(order.name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p><a href="${escapeHtml(options.accountUrl)}">See your order</a></p>`,
  );
  return { subject, text, html };
}

/** The offer, as the agency mails about it name it. */
export interface OfferForMail {
  id: string;
  description: string;
  priceCents: number;
  interval: string;
}

/** To the agency when a customer accepted an offer and paid its first period through Stripe. */
export function offerPaidMail(
  offer: OfferForMail,
  customer: { name: string; email: string },
  stripeSubscriptionId: string,
): RenderedMail {
  const text = `${customer.name} <${customer.email}> accepted ${offer.description} at ${formatPrice(offer.priceCents)} per ${offer.interval} and paid by card through Stripe. Stripe bills it from now on (subscription ${stripeSubscriptionId}; ours ${offer.id}).`;
  return {
    subject: `Subscription accepted and paid: ${offer.description}`.slice(0, 200),
    text,
    html: mailLayout('Subscription accepted and paid', `<p>${escapeHtml(text)}</p>`),
  };
}

/** To the agency when Stripe took money for an offer that we did not activate with it: a person decides. */
export function offerPaymentCheckMail(
  offer: OfferForMail,
  customer: { name: string; email: string },
  problem: string,
): RenderedMail {
  const text = `${customer.name} <${customer.email}>, ${offer.description} (${offer.id}): ${problem}`;
  return {
    subject: `Check a Stripe payment: ${offer.description}`.slice(0, 200),
    text,
    html: mailLayout('Check a Stripe payment', `<p>${escapeHtml(text)}</p>`),
  };
}
