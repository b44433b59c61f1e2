/**
 * Finds every price and delivery time a built page states and checks each against the pricing
 * reading the build was made with (src/data/pricing.ts). Shared by prices.spec.ts (custom) and
 * prices.flat.spec.ts (flat), so both readings are held to the same rules.
 */
import { expect, test } from '@playwright/test';
import {
  CANCELLATION_NOTICE_DAYS,
  formatPrice,
  type PricingModel,
  type PricingReading,
  pricingReadings,
} from '#data/pricing.ts';
import type { E2EBuild } from './builds.ts';
import { type BuiltPage, builtPage, builtPages, jsonLd, readableText } from './built-pages.ts';

const MONEY = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/g;
/** A number of days or weeks: '7-14 business days', '14-day', '7 Days', '2 to 3 weeks'. */
const DURATION =
  /\b(\d+)(?:\s*(?:-|–|—|to)\s*(\d+))?(?:\s+|-)(business\s+|working\s+|calendar\s+)?(days?|weeks?)\b(\s*['’]s?)?/gi;
const PER_MONTH = /^\s*(?:per month|a month|each month|monthly|\/\s*mo(?:nth)?\b)/i;
const STARTING_AT = /\b(?:start(?:s|ing)?\s+at|from)\s*$/i;
const NOTICE = /^\s*(?:written\s+)?notice\b/i;

const context = (text: string, start: number, end: number) =>
  `"…${text.slice(Math.max(0, start - 50), end + 30).trim()}…"`;

/** A plan's price in dollars, as pages and structured data write it. */
const dollars = (plan: { priceCents: number }) => plan.priceCents / 100;

/** Lowest one-time price: what a website can honestly be said to start at. */
const entryPrice = (reading: PricingReading) =>
  Math.min(...reading.plans.filter((p) => p.billing === 'one-time').map(dollars));

function moneyProblems(text: string, reading: PricingReading): string[] {
  const problems: string[] = [];
  const known = reading.plans.map((p) => `${formatPrice(p.priceCents)} (${p.billing})`).join(', ');
  for (const m of text.matchAll(MONEY)) {
    const start = m.index;
    const end = start + m[0].length;
    const amount = Number(m[1]!.replaceAll(',', '')) + Number(`0.${m[2] ?? '0'}`);
    const plans = reading.plans.filter((p) => dollars(p) === amount);
    const where = context(text, start, end);
    if (plans.length === 0) {
      problems.push(`${m[0]} is not a price of the ${reading.model} reading (${known}): ${where}`);
      continue;
    }
    const perMonth = PER_MONTH.test(text.slice(end, end + 20));
    if (plans.every((p) => p.billing === 'monthly') && !perMonth) {
      problems.push(`${m[0]} is a monthly price stated without 'per month': ${where}`);
    }
    if (plans.every((p) => p.billing === 'one-time') && perMonth) {
      problems.push(`${m[0]} is a one-time price stated as monthly: ${where}`);
    }
    if (STARTING_AT.test(text.slice(Math.max(0, start - 30), start)) && amount !== entryPrice(reading)) {
      problems.push(`prices start at ${formatPrice(entryPrice(reading))}, not ${m[0]}: ${where}`);
    }
  }
  return problems;
}

function durationProblems(text: string, reading: PricingReading): string[] {
  const problems: string[] = [];
  const delivery = reading.delivery.businessDays.join('-');
  for (const m of text.matchAll(DURATION)) {
    const start = m.index;
    const end = start + m[0].length;
    const span = [m[1], m[2]].filter(Boolean).join('-');
    const where = context(text, start, end);
    // '30-day notice', "30 days' written notice": the notice to cancel, the one other period we state.
    if (NOTICE.test(text.slice(end, end + 20))) {
      if (span !== String(CANCELLATION_NOTICE_DAYS) || !/^day/i.test(m[4]!)) {
        problems.push(`notice is ${CANCELLATION_NOTICE_DAYS} days, not ${m[0].trim()}: ${where}`);
      }
      continue;
    }
    if (span !== delivery || !/^day/i.test(m[4]!) || /calendar/i.test(m[3] ?? '')) {
      problems.push(
        `${m[0].trim()} is not the ${reading.model} reading's delivery (${delivery} business days): ${where}`,
      );
    }
  }
  return problems;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const types = (node: Node) => [node['@type']].flat();

function walk(value: unknown, visit: (node: Node) => void) {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (isNode(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
}

function structuredDataProblems(html: string, reading: PricingReading): string[] {
  const problems: string[] = [];
  const prices = reading.plans.map(dollars);
  for (const block of jsonLd(html)) {
    walk(block, (node) => {
      for (const key of ['price', 'lowPrice', 'highPrice', 'minPrice', 'maxPrice'] as const) {
        if (node[key] === undefined) continue;
        if (!prices.includes(Number(node[key]))) {
          problems.push(`JSON-LD ${types(node).join('/')} ${key} ${String(node[key])} is not a ${reading.model} price`);
        }
      }
      if (typeof node.priceRange === 'string' && /\d/.test(node.priceRange)) {
        problems.push(...moneyProblems(node.priceRange, reading).map((p) => `JSON-LD priceRange: ${p}`));
      }
      if (types(node).includes('Offer')) {
        const plan = reading.plans.find((p) => dollars(p) === Number(node.price));
        const spec = node.priceSpecification;
        const monthly = isNode(spec) && spec.unitCode === 'MON';
        if (plan && monthly !== (plan.billing === 'monthly')) {
          problems.push(`JSON-LD Offer '${String(node.name)}' at ${String(node.price)} must be ${plan.billing}`);
        }
      }
      if (types(node).includes('OfferCatalog')) {
        const listed = [node.itemListElement]
          .flat()
          .filter(isNode)
          .map((o) => Number(o.price));
        if (listed.join() !== prices.join()) {
          problems.push(
            `JSON-LD OfferCatalog lists ${listed.join(', ')}; the ${reading.model} plans are ${prices.join(', ')}`,
          );
        }
      }
    });
  }
  return problems;
}

/** Quote buttons report a plan's value to the ad pixel: it must be that plan's price. */
function pixelProblems(html: string, reading: PricingReading): string[] {
  return [...html.matchAll(/data-pixel-params="([^"]*)"/g)].flatMap((m) => {
    const params = JSON.parse(m[1]!.replaceAll('&quot;', '"')) as { content_name?: string; value?: number };
    if (params.value === undefined) return [];
    const plan = reading.plans.find((p) => p.name === params.content_name);
    return (plan && dollars(plan)) === params.value
      ? []
      : [`pixel event for '${params.content_name}' carries ${params.value}, not the plan's price`];
  });
}

/** Every way this page misstates the reading's prices or delivery time; empty when it is right. */
export function priceProblems(page: BuiltPage, reading: PricingReading): string[] {
  const text = readableText(page.html);
  return [
    ...moneyProblems(text, reading),
    ...durationProblems(text, reading),
    ...structuredDataProblems(page.html, reading),
    ...pixelProblems(page.html, reading),
  ].map((problem) => `${page.path}: ${problem}`);
}

/** The checks of one build: the spec files only say which build they run against. */
export function describePriceScan(build: E2EBuild) {
  const reading = pricingReadings[build.env.PRICING_MODEL as PricingModel];

  test.describe(`prices and delivery times (${reading.model} reading)`, () => {
    test(`every built page states only the ${reading.model} reading's prices and delivery times`, () => {
      const pages = builtPages(build);
      expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/pricing', '/locations/florida/orlando']));
      expect(pages.flatMap((page) => priceProblems(page, reading))).toEqual([]);
    });

    test(`no page but the legal terms mentions a monthly plan unless the ${reading.model} reading has one`, () => {
      test.skip(
        reading.plans.some((p) => p.billing === 'monthly'),
        'this reading has a monthly plan',
      );
      // The legal terms describe every kind of engagement we sign, monthly services included.
      const legal = ['/terms', '/terms-of-service', '/refund-policy', '/privacy', '/cookie-policy'];
      const mentions = builtPages(build)
        .filter((page) => !legal.includes(page.path))
        .flatMap((page) =>
          [...readableText(page.html).matchAll(/.{0,50}\bmonthly (?:website )?plans?\b.{0,30}/gi)].map(
            (m) => `${page.path}: "${m[0]}"`,
          ),
        );
      expect(mentions).toEqual([]);
    });

    test('no page offers the monthly plan instead of a website build: it is what follows one', () => {
      // '…available as a custom build or an all-inclusive monthly plan', 'Should I choose a custom
      // build or the monthly plan?': the plan hosts and updates a site someone has built.
      const either =
        /.{0,50}(?:\b(?:build|website)s?\s+or\s+(?:the|an?)\s+(?:all-inclusive\s+)?monthly\s+(?:website\s+)?plan|\bmonthly\s+(?:website\s+)?plan\s+(?:or|instead of)\s+(?:a|the)\s+(?:custom\s+)?(?:website\s+)?build|\bchoose\b.{0,40}\bmonthly\s+plan\b).{0,30}/gi;
      const found = builtPages(build).flatMap((page) =>
        [...readableText(page.html).matchAll(either)].map((m) => `${page.path}: "${m[0]}"`),
      );
      expect(found).toEqual([]);
    });

    test(`/pricing states every ${reading.model} plan price and the delivery time (the scan sees them)`, () => {
      const text = readableText(builtPage(build, '/pricing').html);
      for (const plan of reading.plans) expect(text).toContain(formatPrice(plan.priceCents));
      expect(text).toContain(reading.delivery.phrase);
    });
  });
}
