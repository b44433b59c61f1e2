import { pricing } from './pricing.ts';

/** Copy for the home page sections; the components only lay it out. */

export const hero = {
  eyebrow: 'Orlando web design for small businesses',
  title: 'Websites that bring small businesses more customers',
  lead: 'We design, build and look after fast, mobile-first websites for small businesses in Orlando and across the US, so you can get back to running yours.',
};

/** The hero's three figures, each linked to what backs it. */
export const trustStats = [
  { id: 'rating', value: '5-Star', label: 'Rated', href: '#testimonials' },
  // A range is not an average: the label says what the figure is.
  { id: 'delivery', value: pricing.delivery.stat, label: 'Typical delivery', href: '#how-it-works' },
  {
    id: 'guarantee',
    value: '100%',
    label: 'Satisfaction Guarantee',
    href: '/refund-policy#our-satisfaction-guarantee',
  },
] as const;

export const helpFeatures = [
  {
    title: 'Built to be found',
    text: 'Fast pages and the structured data Google reads, so nearby customers find you.',
  },
  {
    title: 'Made for phones',
    text: 'Most visitors are on a phone, often on a weak signal: every page is designed for a small screen first.',
  },
  {
    title: 'Looked after for you',
    text: 'Hosting, updates, backups and content changes, handled by people who answer the phone.',
  },
] as const;

export const steps = [
  { title: 'Schedule a Call', text: 'A free 30-minute call about your business and your goals.', href: '/book' },
  { title: 'Discuss Requirements', text: 'Pages, features, timeline and price, agreed in writing.' },
  {
    title: 'Complete Intake & Payment',
    text: 'A short intake form for your content, logo and photos, and secure payment online.',
  },
  {
    title: `Website Delivery within ${pricing.delivery.short}`,
    text: `We design, build and test your site, review it with you, and launch ${pricing.delivery.phrase}.`,
  },
] as const;

/** Twelve reasons; the first six are shown, the rest on demand. */
export const whyChooseUs = [
  'A local Orlando team you can call directly',
  'Mobile-first design tested on real, inexpensive phones',
  'Fast pages that score well on Core Web Vitals',
  'Search foundation built in from day one',
  'Plain-English updates at every step',
  'You own your website and content',
  'Secure hosting with SSL and daily backups',
  'Accessible design that follows WCAG guidelines',
  'Click-to-call and text buttons that turn visits into leads',
  'Honest advice, including when you do not need something',
  'Support by phone, text and e-mail',
  'Google Ads and social media under one roof when you are ready',
] as const;
export const WHY_CHOOSE_US_VISIBLE = 6;
