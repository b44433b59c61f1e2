/** Every public route the site promises, with the canonical path each must declare. */
export interface PublicRoute {
  path: string;
  canonical?: string;
  noindex?: boolean;
}

const services = [
  'website-design',
  'seo-services',
  'google-ppc-services',
  'white-label-partnerships',
  'social-media-management',
  'local-seo',
];

const portfolio = [
  'lakeside-plumbing',
  'citrus-and-salt',
  'bright-path-tutoring',
  'harbor-legal',
  'sunrise-pet-spa',
  'gulf-coast-hvac',
];

export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/' },
  { path: '/about' },
  { path: '/about-us', canonical: '/about' },
  { path: '/faq' },
  { path: '/services' },
  ...services.map((s) => ({ path: `/services/${s}` })),
  { path: '/pricing' },
  { path: '/contact' },
  { path: '/portfolio' },
  ...portfolio.map((p) => ({ path: `/portfolio/${p}` })),
  { path: '/how-it-works' },
  { path: '/careers' },
  { path: '/thank-you', noindex: true },
  { path: '/terms' },
  { path: '/terms-of-service' },
  { path: '/privacy' },
  { path: '/refund-policy' },
  { path: '/cookie-policy' },
  { path: '/test', noindex: true },
  { path: '/locations' },
  { path: '/locations/florida' },
  { path: '/locations/florida/orlando' },
  { path: '/locations/new-york/new-york-city' },
  { path: '/locations/texas/austin' },
];

/** One representative URL of each page type, for axe and metadata checks. */
export const PAGE_TYPES: Record<string, string> = {
  home: '/',
  about: '/about',
  faq: '/faq',
  services: '/services',
  service: '/services/website-design',
  pricing: '/pricing',
  contact: '/contact',
  portfolio: '/portfolio',
  caseStudy: '/portfolio/lakeside-plumbing',
  howItWorks: '/how-it-works',
  careers: '/careers',
  legal: '/privacy',
  locationsIndex: '/locations',
  state: '/locations/texas',
  city: '/locations/florida/orlando',
  thankYou: '/thank-you',
  notFound: '/this-page-does-not-exist',
};

export const BRAND = 'Palmetto Web Studio';
