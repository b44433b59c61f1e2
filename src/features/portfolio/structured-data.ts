/** schema.org for a case study: the site we built, as a CreativeWork by the agency. */
import { absoluteUrl, type JsonLd } from '#lib/structured-data.ts';
import { site } from '#data/site.ts';

export function caseStudyJsonLd(opts: {
  client: string;
  description: string;
  industry: string;
  city: string;
  services: readonly string[];
  concept: boolean;
  path: string;
  image?: string;
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: opts.concept ? `${opts.client} website (concept project)` : `${opts.client} website`,
    description: opts.description,
    url: absoluteUrl(opts.path),
    ...(opts.image ? { image: absoluteUrl(opts.image) } : {}),
    genre: opts.industry,
    keywords: opts.services.join(', '),
    locationCreated: { '@type': 'Place', name: opts.city },
    creator: { '@id': `${site.origin}/#organization` },
  };
}
