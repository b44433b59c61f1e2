/** The lead's e-mail: a checkout prefilled with what the agency proposed. */
import { formatPrice, perMonthFromLaunch, pricing } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, list, note, p, renderMail } from '#server/email/template.ts';

export function checkoutLinkMail(
  lead: { name: string },
  choice: { url: string; monthly: boolean; extraPages: number },
): RenderedMail {
  const offer = pricing.checkout;
  const lines = [
    `${offer.base.name}: ${formatPrice(offer.base.priceCents)}`,
    ...(choice.extraPages > 0 && offer.extraPage
      ? [
          `${choice.extraPages} extra page${choice.extraPages === 1 ? '' : 's'}: ${formatPrice(choice.extraPages * offer.extraPage.priceCents)}`,
        ]
      : []),
    ...(choice.monthly && offer.monthly
      ? [`${offer.monthly.name}: ${perMonthFromLaunch(offer.monthly.priceCents)}`]
      : []),
  ];
  return renderMail({
    subject: `Your website proposal from ${site.brand}`,
    audience: 'customer',
    body: [
      p`Hi ${lead.name},`,
      p`Thank you for talking with us. Here is what we discussed:`,
      list(lines),
      button('Review and order', choice.url, {
        lead: 'The checkout has your details filled in; check them, then place your order',
      }),
      note`Questions? Reply to this e-mail or call ${site.phone.display}.`,
    ],
  });
}
