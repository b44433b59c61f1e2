/** Menu and footer structure. Service and location entries come from their catalogues. */

import { site } from './site.ts';

export interface NavLink {
  label: string;
  href: string;
}

export const aboutMenu: readonly NavLink[] = [
  { label: 'About Us', href: '/about' },
  { label: 'Frequently Asked Questions', href: '/faq' },
];

/** Closes the header's Services list (desktop and mobile): the overview page. */
export const allServices: NavLink = { label: 'All services', href: '/services' };

export const headerLinks: readonly NavLink[] = [
  { label: 'Pricing', href: '/pricing' },
  { label: 'Contact', href: '/contact' },
];

/** The header's call to action: the contact page, which offers booking a call first (the specification). */
export const getStarted: NavLink = { label: 'Get Started', href: '/contact' };

/** Every 'Book a free call' button: straight to the booking page. */
export const bookCall: NavLink = { label: 'Book a free call', href: '/book' };

export const footerMainPages: readonly NavLink[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Services', href: '/services' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'Contact', href: '/contact' },
];

export const footerCompany: readonly NavLink[] = [
  { label: 'Portfolio', href: '/portfolio' },
  { label: 'How It Works', href: '/how-it-works' },
  { label: 'Careers', href: '/careers' },
  { label: 'FAQ', href: '/faq' },
  { label: 'Locations', href: '/locations' },
];

export const footerLegal: readonly NavLink[] = [
  { label: 'Terms of Service', href: '/terms-of-service' },
  { label: 'Terms and Conditions', href: '/terms' },
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Refund Policy', href: '/refund-policy' },
  { label: 'Cookie Policy', href: '/cookie-policy' },
];

/** Names of the profiles in site.social: a profile added there without a name here fails the type check. */
const SOCIAL_NAMES: Record<keyof typeof site.social, string> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

export const footerSocial: readonly NavLink[] = (Object.keys(SOCIAL_NAMES) as (keyof typeof site.social)[]).map(
  (key) => ({ label: SOCIAL_NAMES[key], href: site.social[key] }),
);

export const locationHref = (state: string, city?: string) =>
  city ? `/locations/${state}/${city}` : `/locations/${state}`;
