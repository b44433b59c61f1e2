/**
 * Facts about the business: the one place that states them. Pages, structured data,
 * e-mails and Markdown tokens ({{brand}}, {{phone}}, ...) all read from here.
 */

/**
 * Our hours follow Orlando's clock, which changes between EST and EDT: the name of the zone is
 * right all year, an abbreviation only half of it.
 */
const TIME_ZONE = 'Eastern Time';

export const site = {
  brand: 'Palmetto Web Studio',
  tagline: 'Websites that win local customers',
  /** The home page's <title> before ' | {brand}'. */
  homeTitle: 'Orlando Web Design for Small Businesses',
  blurb:
    'An Orlando web-design studio building fast, search-ready websites for small businesses, then keeping them secure, current and found.',
  /**
   * Absolute origin the site is served from (SITE_URL at build time, for canonical URLs and
   * structured data). Plain `node` (the server entry, CLI scripts) has no import.meta.env;
   * run-time code uses serverEnv().SITE_URL instead.
   */
  origin: (import.meta.env ? import.meta.env.SITE : undefined)?.replace(/\/$/, '') ?? 'http://localhost:4321',
  phone: {
    display: '(407) 555-0142',
    /** E.164 form for tel: and sms: links and structured data. */
    e164: '+14075550142',
  },
  email: 'hello@palmettowebstudio.com',
  address: {
    locality: 'Orlando',
    region: 'FL',
    postalCode: '32832',
    country: 'US',
    /** Visits are arranged in advance; there is no walk-in front desk. */
    note: 'By appointment only',
  },
  geo: { lat: 28.4158, lng: -81.2056 },
  businessHours: {
    display: `Monday-Friday 9:00 AM-5:00 PM ${TIME_ZONE}`,
    /** schema.org openingHoursSpecification */
    spec: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' }],
  },
  timeZone: TIME_ZONE,
  supportHours: [
    { days: 'Monday to Friday', hours: '9:00 AM to 5:00 PM' },
    { days: 'Saturday', hours: '10:00 AM to 2:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
  /** Said in the same words as the toast after a message is sent (CONTACT.sentDescription). */
  replyPromise: 'We will get back to you shortly.',
  social: {
    twitter: 'https://twitter.com/palmettowebstudio',
    facebook: 'https://www.facebook.com/palmettowebstudio',
    instagram: 'https://www.instagram.com/palmettowebstudio',
    linkedin: 'https://www.linkedin.com/company/palmettowebstudio',
  },
  /** Text pre-filled when a visitor taps the floating "Text us" button. */
  smsGreeting: 'Hi! I have a question about a website for my business.',
  founded: 2019,
  defaultDescription:
    'Orlando web design for small businesses: fast, mobile-first websites, SEO, local SEO, Google Ads and social media management.',
  defaultKeywords: [
    'Orlando web design',
    'small business website',
    'website design Florida',
    'local SEO',
    'Google Ads management',
    'social media management',
  ],
  defaultSocialImage: '/og-default.png',
} as const;

export const addressLine = `${site.address.locality}, ${site.address.region} ${site.address.postalCode}`;
const openHours = site.supportHours.filter((s) => s.hours !== 'Closed').map((s) => `${s.days} ${s.hours}`);
/**
 * 'Monday to Friday 9:00 AM to 5:00 PM and Saturday 10:00 AM to 2:00 PM, Eastern Time': Markdown
 * says 'call us during {{supportHours}}', so the line reads on after 'during'.
 */
export const supportHoursLine = `${[openHours.slice(0, -1).join(', '), openHours.at(-1)].filter(Boolean).join(' and ')}, ${site.timeZone}`;

export const telHref = `tel:${site.phone.e164}`;
export const smsHref = (body: string = site.smsGreeting) => `sms:${site.phone.e164}?body=${encodeURIComponent(body)}`;
export const mailtoHref = `mailto:${site.email}`;
