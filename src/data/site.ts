/**
 * Facts about the business: the one place that states them. Pages, structured data,
 * e-mails and Markdown tokens ({{brand}}, {{phone}}, ...) all read from here.
 */

/**
 * Our hours follow Orlando's clock, which changes between EST and EDT: the name of the zone is
 * right all year, an abbreviation only half of it.
 */
const TIME_ZONE = 'Eastern Time';

/**
 * The one set of hours: when we answer the phone, texts and e-mail, and when visits can be booked
 * (by appointment). The footer, the contact panel, Markdown's {{supportHours}}, /thank-you and the
 * structured data all derive from this list, in the same words, so no two places can disagree.
 */
const HOURS = [
  { days: 'Monday-Friday', dayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
  { days: 'Saturday', dayNames: ['Saturday'], opens: '10:00', closes: '14:00' },
  { days: 'Sunday', dayNames: ['Sunday'], opens: null, closes: null },
] as const;

/** '17:00' -> '5:00 PM' */
const clock = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};
/** [{ days: 'Monday-Friday', hours: '9:00 AM-5:00 PM' }, ..., { days: 'Sunday', hours: 'Closed' }] */
const supportHours = HOURS.map((h) => ({
  days: h.days,
  hours: h.opens && h.closes ? `${clock(h.opens)}-${clock(h.closes)}` : 'Closed',
}));
const openHours = supportHours.filter((s) => s.hours !== 'Closed').map((s) => `${s.days} ${s.hours}`);
const [weekdays = '', ...weekend] = openHours;

export const site = {
  brand: 'Palmetto Web Studio',
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
    /** The weekday line, 'Monday-Friday 9:00 AM-5:00 PM Eastern Time'. */
    display: `${weekdays} ${TIME_ZONE}`,
    /** The rest of the week, in the same words: 'Saturday 10:00 AM-2:00 PM'. */
    weekend: weekend.join(', '),
    /** schema.org openingHoursSpecification */
    spec: HOURS.flatMap((h) => (h.opens && h.closes ? [{ days: h.dayNames, opens: h.opens, closes: h.closes }] : [])),
  },
  timeZone: TIME_ZONE,
  /**
   * The IANA name of that zone, for Intl: bookings, invoice numbers, the books' calendar days and
   * every date shown are Orlando's, whatever the server's own zone.
   */
  timeZoneId: 'America/New_York',
  /** Day by day, closed days included (the contact panel's list). */
  supportHours,
  /**
   * How soon a message gets its answer: every page that promises a reply says this (the contact
   * section, /contact, /thank-you, the FAQ, city pages). The toast after sending keeps its own
   * words (CONTACT.sentDescription).
   */
  replyPromise: 'We reply within 24 hours.',
  /** How soon a monthly-plan customer's content update request is started (/account/requests says it). */
  contentUpdatePromise: 'We start on a content update within 2 business days.',
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
/**
 * 'Monday-Friday 9:00 AM-5:00 PM and Saturday 10:00 AM-2:00 PM, Eastern Time': Markdown says
 * 'call us during {{supportHours}}', so the line reads on after 'during'.
 */
export const supportHoursLine = `${[openHours.slice(0, -1).join(', '), openHours.at(-1)].filter(Boolean).join(' and ')}, ${site.timeZone}`;

export const telHref = `tel:${site.phone.e164}`;
export const smsHref = (body: string = site.smsGreeting) => `sms:${site.phone.e164}?body=${encodeURIComponent(body)}`;
export const mailtoHref = `mailto:${site.email}`;
