/**
 * Prices, delivery times, the revision policy and what each plan includes: both readings of our
 * offer, selected at build time by PRICING_MODEL. Every page, FAQ answer, meta description and the
 * Offer structured data read `pricing`, and each fact is written once below (the rest is derived
 * from it), so no page can state a price or a delivery time the others do not.
 * tests/e2e/prices*.spec.ts scan every built page of both readings for anything else.
 */

import type { PaymentSchedule } from './payment-schedule.ts';

export type PricingModel = 'custom' | 'flat';

export interface Plan {
  id: string;
  name: string;
  /** Integer cents in USD, like every amount on the site. */
  priceCents: number;
  billing: 'one-time' | 'monthly';
  description: string;
  features: readonly string[];
  /** Shown as the plan's badge, e.g. 'After launch'. */
  badge?: string;
}

export interface Delivery {
  /** Business days from receiving the client's content to launch: [min, max] or [exact]. */
  businessDays: readonly [number] | readonly [number, number];
  /** 'within 7-14 business days' */
  phrase: string;
  /** The phrase with what starts the clock: 'within 7-14 business days once we have your content and logo' */
  promise: string;
  /** Trust stat figure: '7-14 Days' */
  stat: string;
  /** Shortest form, for step titles: '7-14 days' */
  short: string;
}

export interface PricingReading {
  model: PricingModel;
  headline: string;
  /** The lead sentence wherever the plans are introduced. */
  intro: string;
  plans: readonly Plan[];
  /** Every plan and its price in a sentence or two, for copy away from the plan cards (FAQ, city pages). */
  summary: string;
  delivery: Delivery;
  /** The revision policy as a sentence. */
  revisions: string;
  /**
   * Change requests included after the first preview (null: unlimited). A request beyond them is
   * still taken and flagged to the agency as extra work.
   */
  includedRevisionRounds: number | null;
  /** What /checkout sells under this reading (src/features/checkout/quote.ts computes the amounts). */
  checkout: CheckoutOffer;
  /**
   * How the build is billed: in full at order (both readings), or a deposit at order and the
   * balance at a stage, e.g. `{ kind: 'deposit', depositPercent: 50, balanceAt: 'approved' }`.
   * PAYMENT_SCHEDULE overrides it at build time (payment-schedule.ts has the maths and the words).
   */
  schedule: PaymentSchedule;
}

/** What can be bought online: a base plan, optionally a monthly plan with it, optionally extra pages. */
export interface CheckoutOffer {
  /** The plan always in the order (the build), preselected at /checkout. */
  base: Plan;
  /** A monthly plan the customer may add to the base. */
  monthly?: Plan;
  /** Pages beyond the base plan's, sold per page. */
  extraPage?: { priceCents: number; max: number };
}

/** Notice to cancel any monthly service (a website plan, SEO, ads or social media), in days. */
export const CANCELLATION_NOTICE_DAYS = 30;

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$3,800' for whole dollars, '$12.50' otherwise: `cents` is an integer amount in cents. */
export const formatPrice = (cents: number) =>
  cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100);

/**
 * A monthly plan's price as every page, e-mail and screen states it: '$199 per month from launch'.
 * The plan is chosen at checkout but billed from the day the site goes live, never before.
 */
export const perMonthFromLaunch = (cents: number) => `${formatPrice(cents)} per month from launch`;

/** 'per month from launch' for monthly plans, 'one-time' otherwise. */
export const billingLabel = (plan: Plan) => (plan.billing === 'monthly' ? 'per month from launch' : 'one-time');

/** '$3,800 one-time, then $199 per month from launch': every plan in order, for short copy such as meta descriptions. */
export const priceLine = (reading: PricingReading) =>
  reading.plans.map((plan) => `${formatPrice(plan.priceCents)} ${billingLabel(plan)}`).join(', then ');

function delivery(...businessDays: [number] | [number, number]): Delivery {
  const span = businessDays.join('-');
  const phrase = `${businessDays.length === 1 ? 'in' : 'within'} ${span} business days`;
  return {
    businessDays,
    phrase,
    promise: `${phrase} once we have your content and logo`,
    stat: `${span} Days`,
    short: `${span} days`,
  };
}

const customDelivery = delivery(7, 14);
const customRevisions = 'One round of revisions after the initial build';
const customBuild: Plan = {
  id: 'website-build',
  name: 'Custom Website Build',
  priceCents: 380_000,
  billing: 'one-time',
  description: 'A custom 5-page website designed and built for your business.',
  features: [
    'Custom 5-page website',
    'Blog, ready for your first posts',
    'Responsive on phones, tablets and desktops',
    'SEO foundation: titles, metadata, sitemap and structured data',
    `Ready ${customDelivery.promise}`,
    customRevisions,
    'Extra pages available to purchase',
  ],
};
const customMonthly: Plan = {
  id: 'all-inclusive-monthly',
  name: 'All-Inclusive Monthly Plan',
  priceCents: 19_900,
  billing: 'monthly',
  description: 'From launch, everything your site needs, handled for you.',
  features: [
    'Fast, secure hosting',
    'Domain registration and renewal',
    'Content updates whenever you need them',
    'No long-term contract',
    `Cancel with ${CANCELLATION_NOTICE_DAYS}-day notice`,
  ],
  // The plan follows the build rather than competing with it: the badge says when it starts.
  badge: 'After launch',
};

const custom: PricingReading = {
  model: 'custom',
  headline: 'Simple, transparent pricing',
  intro:
    'One price for a custom-built website, then one monthly plan that keeps it hosted, secure and up to date. No long-term contract.',
  plans: [customBuild, customMonthly],
  summary: `A custom website build is ${formatPrice(customBuild.priceCents)}, paid once. From launch, the ${customMonthly.name} is ${formatPrice(customMonthly.priceCents)} per month and covers hosting, domain registration and renewal, and content updates.`,
  delivery: customDelivery,
  revisions: `${customRevisions}.`,
  includedRevisionRounds: 1,
  checkout: { base: customBuild, monthly: customMonthly, extraPage: { priceCents: 15_000, max: 20 } },
  schedule: { kind: 'in-full' },
};

const flatDelivery = delivery(7);
const flatRevisions = 'Unlimited revisions';
const flatWebsite: Plan = {
  id: 'flat-website',
  name: 'Professional Website',
  priceCents: 25_000,
  billing: 'one-time',
  description: 'A professional website for your business at one flat price.',
  features: ['Professional, mobile-friendly design', flatRevisions, `Ready ${flatDelivery.promise}`, 'No hidden fees'],
  badge: 'Flat price',
};

const flat: PricingReading = {
  model: 'flat',
  headline: 'One flat price. No surprises.',
  intro: `A professional website for a flat ${formatPrice(flatWebsite.priceCents)}. Mobile-friendly, unlimited revisions and no hidden fees.`,
  plans: [flatWebsite],
  summary: `Every professional website is a flat ${formatPrice(flatWebsite.priceCents)}: mobile-friendly, with unlimited revisions and no hidden fees.`,
  delivery: flatDelivery,
  revisions: `${flatRevisions}.`,
  includedRevisionRounds: null,
  checkout: { base: flatWebsite },
  schedule: { kind: 'in-full' },
};

export const pricingReadings: Record<PricingModel, PricingReading> = { custom, flat };

const reading = pricingReadings[typeof __PRICING_MODEL__ === 'undefined' ? 'custom' : __PRICING_MODEL__];

/**
 * The reading this build was made with (PRICING_MODEL, default 'custom'), billed by its own
 * schedule unless PAYMENT_SCHEDULE overrode it (parsed by the build: build-settings.ts). The build
 * constants exist only under Vite; Playwright specs import this module for pricingReadings.
 */
export const pricing: PricingReading =
  typeof __PAYMENT_SCHEDULE__ === 'undefined' || __PAYMENT_SCHEDULE__ === null
    ? reading
    : { ...reading, schedule: __PAYMENT_SCHEDULE__ };
