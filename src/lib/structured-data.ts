/**
 * schema.org JSON-LD builders. Pages pass the results to <SeoHead jsonLd={...}>;
 * every fact comes from src/data, never from literals here.
 */
import { PRICE_VALID_UNTIL } from '#data/offer-validity.ts';
import { billingLabel, pricing, type PricingReading } from '#data/pricing.ts';
import { addressLine, site } from '#data/site.ts';
import type { FaqItem } from '#data/faq.ts';

export type JsonLd = Record<string, unknown>;

export const absoluteUrl = (path: string) =>
  new URL(path, `${site.origin}/`).toString().replace(/\/$/, '') || site.origin;

const ORG_ID = `${site.origin}/#organization`;

const postalAddress = {
  '@type': 'PostalAddress',
  addressLocality: site.address.locality,
  addressRegion: site.address.region,
  postalCode: site.address.postalCode,
  addressCountry: site.address.country,
};

/**
 * The agency itself, on every page: what search engines use for a local business (no slogan or
 * founding year: nothing reads them, and every page would carry them).
 */
export function organization(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': ORG_ID,
    name: site.brand,
    description: site.blurb,
    url: site.origin,
    logo: absoluteUrl('/logo.svg'),
    image: absoluteUrl(site.defaultSocialImage),
    telephone: site.phone.e164,
    email: site.email,
    address: postalAddress,
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.lat, longitude: site.geo.lng },
    openingHoursSpecification: site.businessHours.spec.map((s) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: s.days,
      opens: s.opens,
      closes: s.closes,
    })),
    areaServed: ['Florida', 'New York', 'Texas', 'United States'],
    sameAs: Object.values(site.social),
  };
}

/** One Offer per plan of the selected pricing reading. */
export function offers(reading: PricingReading = pricing): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${site.brand} website plans`,
    itemListElement: reading.plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      description: `${plan.description} (${billingLabel(plan)})`,
      price: (plan.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      priceValidUntil: PRICE_VALID_UNTIL,
      availability: 'https://schema.org/InStock',
      url: absoluteUrl('/pricing'),
      seller: { '@id': ORG_ID },
      ...(plan.billing === 'monthly'
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: (plan.priceCents / 100).toFixed(2),
              priceCurrency: 'USD',
              unitCode: 'MON',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
            },
          }
        : {}),
    })),
  };
}

export function faqPage(items: readonly FaqItem[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path),
    })),
  };
}

export function article(opts: {
  title: string;
  description: string;
  path: string;
  published: Date;
  updated?: Date;
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: opts.title,
    description: opts.description,
    mainEntityOfPage: absoluteUrl(opts.path),
    datePublished: opts.published.toISOString().slice(0, 10),
    dateModified: (opts.updated ?? opts.published).toISOString().slice(0, 10),
    author: { '@id': ORG_ID },
    publisher: { '@id': ORG_ID },
  };
}

/** A city page: our service offered to that area, with our real address (no fake local office). */
export function localService(opts: { city: string; state: string; path: string; lat: number; lng: number }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${absoluteUrl(opts.path)}#service`,
    name: `${site.brand}: web design in ${opts.city}, ${opts.state}`,
    url: absoluteUrl(opts.path),
    telephone: site.phone.e164,
    email: site.email,
    address: postalAddress,
    parentOrganization: { '@id': ORG_ID },
    areaServed: {
      '@type': 'City',
      name: opts.city,
      containedInPlace: { '@type': 'State', name: opts.state },
      geo: { '@type': 'GeoCoordinates', latitude: opts.lat, longitude: opts.lng },
    },
    priceRange: '$$',
    description: `Website design, SEO and Google Ads for small businesses in ${opts.city}, ${opts.state}, from ${site.brand} in ${addressLine}.`,
  };
}
