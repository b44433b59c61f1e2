/** E-mail about Stripe payments: one that did not go through, and offers paid (or paid oddly). */
import { formatPrice } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { lines, link, p, renderMail } from '#server/email/template.ts';
import { orderNumber } from '#features/orders/order-number.ts';

/** To the customer when a delayed (bank) payment fails: the order waits, and we help them pay. */
export function paymentFailedMail(
  order: { id: string; name: string; totalCents: number },
  options: { accountUrl: string },
): RenderedMail {
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Your payment for ${number} did not go through`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      lines(
        p`Your payment of ${formatPrice(order.totalCents)} for order ${number} did not go through, so nothing was charged and your order is waiting for payment.`,
        p`Reply to this e-mail or call ${site.phone.display} and we will help you pay another way.`,
      ),
      p(link('Your order', options.accountUrl)),
    ],
  });
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
  return renderMail({
    subject: `Subscription accepted and paid: ${offer.description}`.slice(0, 200),
    audience: 'agency',
    body: [
      p`${customer.name} <${customer.email}> accepted ${offer.description} at ${formatPrice(offer.priceCents)} per ${offer.interval} and paid by card through Stripe. Stripe bills it from now on (subscription ${stripeSubscriptionId}; ours ${offer.id}).`,
    ],
  });
}

/** To the agency when Stripe took money for an offer that we did not activate with it: a person decides. */
export function offerPaymentCheckMail(
  offer: OfferForMail,
  customer: { name: string; email: string },
  problem: string,
): RenderedMail {
  return renderMail({
    subject: `Check a Stripe payment: ${offer.description}`.slice(0, 200),
    audience: 'agency',
    body: [p`${customer.name} <${customer.email}>, ${offer.description} (${offer.id}): ${problem}`],
  });
}

/** A plan renewal the card did not pay: the customer is asked to help, the agency told. */
export function renewalFailedMails(
  plan: { id: string; description: string; priceCents: number; interval: string },
  customer: { name: string; email: string },
): { toCustomer: RenderedMail; toAgency: RenderedMail } {
  const price = `${formatPrice(plan.priceCents)} per ${plan.interval}`;
  return {
    toCustomer: renderMail({
      subject: `We could not charge your card for your ${plan.description}`,
      audience: 'customer',
      body: [
        p`Hi ${customer.name},`,
        lines(
          p`We could not charge your card for this period of your ${plan.description} (${price}), so the payment is overdue. Stripe will try again over the next few days.`,
          p`If your card changed or expired, reply to this e-mail or call ${site.phone.display} and we will help you update it.`,
        ),
      ],
    }),
    toAgency: renderMail({
      subject: `Renewal failed: ${plan.description} for ${customer.name}`,
      audience: 'agency',
      body: [
        p`Stripe could not charge ${customer.name} <${customer.email}> for ${plan.description} (${price}); the plan is past due (ours ${plan.id}). Stripe retries; the customer was asked to update their card.`,
      ],
    }),
  };
}
