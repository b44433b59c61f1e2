export interface PremiumService {
  title: string;
  description: string;
  /** null means the price depends on scope: shown as 'Custom quote'. */
  price: string | null;
  /** Pre-filled text for the 'Text Us' button. */
  smsBody: string;
}

export const CUSTOM_QUOTE_LABEL = 'Custom quote';

export const premiumServices: readonly PremiumService[] = [
  {
    title: 'E-commerce Store',
    description: 'Sell online with product pages, secure checkout, inventory and shipping set up for you.',
    price: null,
    smsBody: 'Hi! I would like a quote for an e-commerce store.',
  },
  {
    title: 'Booking & Appointments',
    description: 'Let customers book, reschedule and pay deposits online, synced with your calendar.',
    price: null,
    smsBody: 'Hi! I would like a quote for online booking on my website.',
  },
  {
    title: 'Website Redesign',
    description: 'Keep your domain and search rankings while we rebuild an outdated site to modern standards.',
    price: null,
    smsBody: 'Hi! I would like a quote for redesigning my current website.',
  },
  {
    title: 'Logo & Brand Kit',
    description: 'A logo, color palette and type choices that look right on your site, signs and social media.',
    price: null,
    smsBody: 'Hi! I would like a quote for a logo and brand kit.',
  },
];
