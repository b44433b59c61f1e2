/** E-mail about a Stripe payment that did not go through. */
import { formatPrice } from '../../data/pricing.ts';
import { site } from '../../data/site.ts';
import { escapeHtml, mailLayout, type RenderedMail } from '../../server/email/layout.ts';
import { orderNumber } from '../orders/mail.ts';

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
