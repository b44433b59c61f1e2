/** E-mails about orders: the customer's confirmation and receipt, the agency's notice. */
import { formatPrice, perMonthFromLaunch, pricing } from '#data/pricing.ts';
import { scheduleSentence, type PaymentSchedule } from '#data/payment-schedule.ts';
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, fields, h1, h2, lines, link, list, note, p, renderMail, strong } from '#server/email/template.ts';
import type { PaymentProviderName } from '#server/db/schema.ts';
import { orderNumber } from './order-number.ts';
import { lineAmountText } from './priced-items.ts';

export interface MailOrder {
  id: string;
  name: string;
  email: string;
  phone: string;
  businessName: string;
  totalCents: number;
  items: readonly { description: string; quantity: number; amountCents: number; interval: string }[];
  /** How the build is billed (absent or in full: the total is paid at order, as ever). */
  schedule?: PaymentSchedule;
}

const lineText = (item: MailOrder['items'][number]) =>
  `${item.quantity > 1 ? `${item.quantity} x ` : ''}${item.description}: ${lineAmountText(item)}`;

/** The lines bought, then the total, and how it is billed when not in full at order. */
const itemsBlock = (order: MailOrder) => {
  const schedule = order.schedule ? scheduleSentence(order.schedule, order.totalCents) : null;
  return lines(
    list(order.items.map(lineText)),
    p(strong(`Total: ${formatPrice(order.totalCents)}`)),
    ...(schedule ? [p(schedule)] : []),
  );
};

/** For a customer who has no password yet: activating the account comes before anything else. */
const activationBlock = (url: string) =>
  lines(
    button('Activate your account', url, {
      lead: 'Activate your account to follow your order and fill in your website intake',
    }),
    note`This link works once and expires in 48 hours.`,
  );

const PAYMENT_NEXT: Readonly<Record<PaymentProviderName, string>> = {
  invoice: 'We will send you an invoice for this order shortly; your project starts when it is paid.',
  stripe: 'If you have not finished paying yet, you can do so from your account.',
};

/** Invoice mode: the invoice comes in its own e-mail; where it is online, and that paying it starts the project. */
const invoiceBlock = (url: string) =>
  p`Your invoice follows in a separate e-mail, with how to pay, and is in your account (${link('view your invoice', url)}); your project starts when it is paid.`;

/** To the customer, as soon as the order is placed (with its invoice attached, in invoice mode). */
export function orderConfirmationMail(
  order: MailOrder,
  options: { provider: PaymentProviderName; activationUrl?: string; accountUrl: string; invoiceUrl?: string },
): RenderedMail {
  return renderMail({
    subject: `Your order ${orderNumber(order.id)} at ${site.brand}`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      p`Thank you for your order for ${order.businessName}.`,
      h2(orderNumber(order.id)),
      itemsBlock(order),
      lines(
        options.invoiceUrl ? invoiceBlock(options.invoiceUrl) : p(PAYMENT_NEXT[options.provider]),
        p`Then complete your website intake; we build your site ${pricing.delivery.promise}.`,
      ),
      options.activationUrl
        ? activationBlock(options.activationUrl)
        : p(link('Follow your order in your account', options.accountUrl)),
      note`Questions? Reply to this e-mail or call ${site.phone.display}.`,
    ],
  });
}

/** To the agency: who bought what, and where to see it. */
export function newOrderMail(
  order: MailOrder,
  options: { provider: PaymentProviderName; adminUrl: string },
): RenderedMail {
  return renderMail({
    subject: `New order ${orderNumber(order.id)}: ${order.businessName}`.slice(0, 200),
    audience: 'agency',
    body: [
      h1(`New order ${orderNumber(order.id)}`),
      fields([
        ['Name', order.name],
        ['Email', order.email],
        ['Phone', order.phone],
        ['Business', order.businessName],
        [
          'Payment',
          options.provider === 'invoice' ? 'Invoice (send one, then mark the order paid)' : 'Stripe Checkout',
        ],
      ]),
      itemsBlock(order),
      p(link('Open it', options.adminUrl)),
    ],
  });
}

/**
 * To the customer when payment is received (with the paid invoice or receipt attached, when there
 * is one): next, the intake, or (already sent) the preview to come.
 */
export function paymentReceiptMail(
  order: MailOrder,
  options: { accountUrl: string; paidAt: Date; receiptUrl?: string; intakeReceived?: boolean },
): RenderedMail {
  const when = options.paidAt.toISOString().slice(0, 10);
  return renderMail({
    subject: `Payment received for ${orderNumber(order.id)}`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      p`We received your payment of ${formatPrice(order.totalCents)} on ${when}. Thank you!`,
      itemsBlock(order),
      ...(options.receiptUrl
        ? [p`Your receipt is attached to this e-mail (${link('view it in your account', options.receiptUrl)}).`]
        : []),
      // Nobody is asked for what they already gave: an intake sent before paying is thanked for.
      options.intakeReceived
        ? p`We already have your website intake, so we start on your site now and e-mail you when a preview is ready. ${link('Follow your project in your account', options.accountUrl)}`
        : p`Next: ${link('complete your website intake in your account', options.accountUrl)}`,
    ],
  });
}

/**
 * The site is live: where, and (with a monthly plan) that the plan starts today at its price,
 * billed from now on ('$199 per month from launch').
 */
export function launchMail(
  order: { id: string; name: string },
  options: { liveUrl: string | null; plan: { name: string; priceCents: number } | null; accountUrl: string },
): RenderedMail {
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Your website is live (${number})`,
    audience: 'customer',
    body: [
      p`Hi ${order.name},`,
      options.liveUrl
        ? p`Your website is live at ${link(options.liveUrl, options.liveUrl)}. Thank you for working with us!`
        : p`Your website is live. Thank you for working with us!`,
      ...(options.plan
        ? [
            p`Your ${options.plan.name} starts today: ${perMonthFromLaunch(options.plan.priceCents)}. Its first invoice or receipt follows in a separate e-mail.`,
          ]
        : []),
      p(link('See your order in your account', options.accountUrl)),
    ],
  });
}

/** The request to confirm: the order's number and total, nothing the person who placed it wrote. */
export function orderConfirmRequestMail(order: { id: string; totalCents: number }, url: string): RenderedMail {
  const number = orderNumber(order.id);
  return renderMail({
    subject: `Please confirm order ${number} at ${site.brand}`,
    audience: 'customer',
    body: [
      p`An order was placed at ${site.brand} with this email address, without logging in: ${number}, total ${formatPrice(order.totalCents)}.`,
      p`If you placed it, confirm it: the link opens a page with a button. We start work, and the order appears in your account, once it is confirmed.`,
      button('Confirm your order', url),
      note`If you did not place it, ignore this email: the order does not go ahead and nothing is added to your account. Questions? Call ${site.phone.display}.`,
    ],
  });
}
