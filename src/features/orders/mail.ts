/** E-mails about orders: the customer's confirmation and receipt, the agency's notice. */
import { formatPrice, pricing } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { orderNumber } from './order-number.ts';
import { escapeHtml, mailLayout, type RenderedMail } from '#server/email/layout.ts';
import type { PaymentProviderName } from '#server/db/schema.ts';

export interface MailOrder {
  id: string;
  name: string;
  email: string;
  phone: string;
  businessName: string;
  totalCents: number;
  items: readonly { description: string; quantity: number; amountCents: number; interval: string }[];
}

const lineText = (item: MailOrder['items'][number]) =>
  `${item.quantity > 1 ? `${item.quantity} x ` : ''}${item.description}: ${formatPrice(item.amountCents)}${item.interval === 'month' ? ' (first month, then monthly)' : ''}`;

function itemsBlock(order: MailOrder) {
  const text = [...order.items.map((i) => `- ${lineText(i)}`), `Total: ${formatPrice(order.totalCents)}`].join('\n');
  const html = `<ul>${order.items.map((i) => `<li>${escapeHtml(lineText(i))}</li>`).join('')}</ul>
<p><strong>Total: ${escapeHtml(formatPrice(order.totalCents))}</strong></p>`;
  return { text, html };
}

function accountLinkBlock(url: string) {
  return {
    text: `Activate your account to follow your order and fill in your website intake: ${url}\n(This link works once and expires in 48 hours.)`,
    html: `<p>Activate your account to follow your order and fill in your website intake:</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">Activate your account</a></p>
<p style="font-size:14px;color:#475569">This link works once and expires in 48 hours.</p>`,
  };
}

const PAYMENT_NEXT: Readonly<Record<PaymentProviderName, string>> = {
  invoice: 'We will send you an invoice for this order shortly; your project starts when it is paid.',
  stripe: 'If you have not finished paying yet, you can do so from your account.',
};

/** To the customer, as soon as the order is placed. */
export function orderConfirmationMail(
  order: MailOrder,
  options: { provider: PaymentProviderName; activationUrl?: string; accountUrl: string },
): RenderedMail {
  const subject = `Your order ${orderNumber(order.id)} at ${site.brand}`;
  const items = itemsBlock(order);
  const next = [
    PAYMENT_NEXT[options.provider],
    `Then complete your website intake; we build your site ${pricing.delivery.promise}.`,
  ];
  const link = options.activationUrl ? accountLinkBlock(options.activationUrl) : null;
  const text = [
    `Hi ${order.name},`,
    '',
    `Thank you for your order for ${order.businessName}.`,
    '',
    items.text,
    '',
    ...next,
    '',
    link ? link.text : `Follow your order in your account: ${options.accountUrl}`,
    '',
    `Questions? Reply to this e-mail or call ${site.phone.display}.`,
    site.brand,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p>Hi ${escapeHtml(order.name)},</p><p>Thank you for your order for ${escapeHtml(order.businessName)}.</p>
<h2 style="font-size:18px">${escapeHtml(orderNumber(order.id))}</h2>${items.html}
${next.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
${link ? link.html : `<p><a href="${escapeHtml(options.accountUrl)}">Follow your order in your account</a></p>`}
<p style="font-size:14px;color:#475569">Questions? Reply to this e-mail or call ${escapeHtml(site.phone.display)}.</p>`,
  );
  return { subject, text, html };
}

/** To the agency: who bought what, and where to see it. */
export function newOrderMail(
  order: MailOrder,
  options: { provider: PaymentProviderName; adminUrl: string },
): RenderedMail {
  const subject = `New order ${orderNumber(order.id)}: ${order.businessName}`.slice(0, 200);
  const items = itemsBlock(order);
  const details: [string, string][] = [
    ['Name', order.name],
    ['Email', order.email],
    ['Phone', order.phone],
    ['Business', order.businessName],
    ['Payment', options.provider === 'invoice' ? 'Invoice (send one, then mark the order paid)' : 'Stripe Checkout'],
  ];
  const text = [
    `New order ${orderNumber(order.id)}`,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    items.text,
    '',
    `Open it: ${options.adminUrl}`,
  ].join('\n');
  const rows = details
    .map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${k}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const html = mailLayout(
    subject,
    `<h1 style="font-size:20px">New order ${escapeHtml(orderNumber(order.id))}</h1><table>${rows}</table>${items.html}
<p><a href="${escapeHtml(options.adminUrl)}">Open the order</a></p>`,
  );
  return { subject, text, html };
}

/** To the customer when payment is received. */
export function paymentReceiptMail(order: MailOrder, options: { accountUrl: string; paidAt: Date }): RenderedMail {
  const subject = `Payment received for ${orderNumber(order.id)}`;
  const items = itemsBlock(order);
  const when = options.paidAt.toISOString().slice(0, 10);
  const text = [
    `Hi ${order.name},`,
    '',
    `We received your payment of ${formatPrice(order.totalCents)} on ${when}. Thank you!`,
    '',
    items.text,
    '',
    `Next: complete your website intake in your account: ${options.accountUrl}`,
    '',
    site.brand,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p>Hi ${escapeHtml(order.name)},</p><p>We received your payment of ${escapeHtml(formatPrice(order.totalCents))} on ${when}. Thank you!</p>
${items.html}<p>Next: <a href="${escapeHtml(options.accountUrl)}">complete your website intake in your account</a>.</p>`,
  );
  return { subject, text, html };
}
