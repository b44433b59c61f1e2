/**
 * Prices, delivery times and revision policy: both readings of our offer, selected
 * at build time by PRICING_MODEL. Everything that states a price, a delivery time or
 * the revision policy reads `pricing`, so the site never contradicts itself.
 */

export type PricingModel = 'custom' | 'flat';

export interface Plan {
  id: string;
  name: string;
  /** Whole US dollars. */
  price: number;
  billing: 'one-time' | 'monthly';
  description: string;
  features: readonly string[];
  /** Shown as the plan's badge, e.g. 'Most popular'. */
  badge?: string;
}

export interface PricingReading {
  model: PricingModel;
  headline: string;
  intro: string;
  plans: readonly Plan[];
  delivery: {
    /** 'within 7-14 business days' */
    phrase: string;
    /** Trust stat figure: '7-14 Days' */
    stat: string;
    /** Shortest form for step titles: '7-14 days' */
    short: string;
  };
  revisions: string;
  /** Extra facts stated next to the plans. */
  notes: readonly string[];
}

const custom: PricingReading = {
  model: 'custom',
  headline: 'Simple, transparent pricing',
  intro:
    'One price for a custom-built website, then one monthly plan that keeps it hosted, secure and up to date. No long-term contract.',
  plans: [
    {
      id: 'website-build',
      name: 'Custom Website Build',
      price: 3800,
      billing: 'one-time',
      description: 'A custom 5-page website designed and built for your business.',
      features: [
        'Custom 5-page website',
        'Blog, ready for your first posts',
        'Responsive on phones, tablets and desktops',
        'SEO foundation: titles, metadata, sitemap and structured data',
        '14-day delivery',
        'Extra pages available to purchase',
      ],
    },
    {
      id: 'all-inclusive-monthly',
      name: 'All-Inclusive Monthly Plan',
      price: 199,
      billing: 'monthly',
      description: 'Everything your site needs after launch, handled for you.',
      features: [
        'Fast, secure hosting',
        'Domain registration and renewal',
        'Content updates whenever you need them',
        'No long-term contract',
        'Cancel with 30-day notice',
      ],
      badge: 'Most popular',
    },
  ],
  delivery: { phrase: 'within 7-14 business days', stat: '7-14 Days', short: '7-14 days' },
  revisions: 'One round of revisions after the initial build.',
  notes: [
    'A domain typically costs about $20 per year.',
    'Delivery in 7-14 business days once we have your content.',
    'One round of revisions after the initial build.',
  ],
};

const flat: PricingReading = {
  model: 'flat',
  headline: 'One flat price. No surprises.',
  intro: 'A professional website for a flat $250. Mobile-friendly, unlimited revisions and no hidden fees.',
  plans: [
    {
      id: 'flat-website',
      name: 'Professional Website',
      price: 250,
      billing: 'one-time',
      description: 'A professional website for your business at one flat price.',
      features: [
        'Professional, mobile-friendly design',
        'Unlimited revisions',
        'Ready in 7 business days',
        'No hidden fees',
      ],
      badge: 'Flat price',
    },
  ],
  delivery: { phrase: 'in 7 business days', stat: '7 Days', short: '7 days' },
  revisions: 'Unlimited revisions.',
  notes: ['Ready in 7 business days.', 'Unlimited revisions until you love it.', 'No hidden fees.'],
};

export const pricingReadings: Record<PricingModel, PricingReading> = { custom, flat };

/** The reading this build was made with (PRICING_MODEL, default 'custom'). */
export const pricing: PricingReading = pricingReadings[__PRICING_MODEL__];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$3,800' */
export const formatPrice = (dollars: number) => usd.format(dollars);

/** '/month' for monthly plans, 'one-time' otherwise. */
export const billingLabel = (plan: Plan) => (plan.billing === 'monthly' ? 'per month' : 'one-time');

/** The lowest price a visitor can start at; used by the Offer structured data. */
export const startingPrice = (reading: PricingReading = pricing) => Math.min(...reading.plans.map((p) => p.price));
