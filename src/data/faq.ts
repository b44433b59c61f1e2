import { CANCELLATION_NOTICE_DAYS, pricing, type PricingReading } from './pricing.ts';
import { site } from './site.ts';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Questions and answers; every price, delivery time and revision fact comes from the pricing reading. */
export function faqFor(reading: PricingReading): FaqItem[] {
  const monthly = reading.plans.find((p) => p.billing === 'monthly');
  return [
    { question: 'How much does a website cost?', answer: reading.summary },
    {
      question: 'How long does it take to build my website?',
      answer: `Most websites are delivered ${reading.delivery.promise}. We agree on the date before we start and keep you posted along the way.`,
    },
    {
      question: 'How many revisions do I get?',
      answer: `${reading.revisions} We review the design with you before launch so changes are quick and focused.`,
    },
    {
      question: 'Is there a long-term contract?',
      answer: monthly
        ? `No. The ${monthly.name} runs month to month, and you can cancel with ${CANCELLATION_NOTICE_DAYS}-day notice. Your website build is paid once.`
        : 'No. You pay once for your website; there is no subscription you are locked into.',
    },
    {
      question: 'Will my website work on phones and show up on Google?',
      answer:
        'Yes. Every site is built mobile-first, loads fast on a weak signal and ships with what Google reads: titles, descriptions, a sitemap and structured data. Ongoing SEO is a separate service.',
    },
    {
      question: 'Do I own my website?',
      answer:
        'Yes. Once your build is paid, the design and content are yours. We keep our own tools and templates, and we hand over everything you need if you ever move on.',
    },
    {
      question: 'What do you need from me to get started?',
      answer:
        'A short call, your logo if you have one, photos, and the basics about your services. Our intake form walks you through it; if you have no copy yet, we help you write it.',
    },
    {
      question: 'Do you work with businesses outside Orlando?',
      answer: `Yes. ${site.brand} is based in Orlando, and we work with small businesses across Florida, New York, Texas and the rest of the US by phone and video call.`,
    },
    {
      question: 'Can you help with Google Ads and social media too?',
      answer:
        'Yes. We manage Google PPC campaigns and social media for small businesses, and many clients combine them with their new website so every click lands on a page built to convert.',
    },
    {
      question: 'How do I reach support after launch?',
      answer: `Call, text or e-mail us during support hours. ${site.replyPromise}`,
    },
  ];
}

export const faq = faqFor(pricing);
/** The home page shows the first five. */
export const homeFaq = faq.slice(0, 5);
