export interface Testimonial {
  name: string;
  company: string;
  testimonial: string;
  /** 0-5 in steps of 0.5. */
  rating: number;
  /** null shows the person's initials. */
  avatarSrc: string | null;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Maria Delgado',
    company: 'Delgado Family Dental',
    testimonial:
      'Our old site looked dated and nobody could book from a phone. The new one is clean, fast and our online appointment requests have clearly picked up. They handled everything.',
    rating: 5,
    avatarSrc: null,
  },
  {
    name: 'James Whitfield',
    company: 'Whitfield Roofing & Repair',
    testimonial:
      'They explained every step in plain English and delivered when they said they would. We now show up in the map results for the neighborhoods we actually serve.',
    rating: 4.5,
    avatarSrc: null,
  },
  {
    name: 'Priya Raman',
    company: 'Lotus Yoga Studio',
    testimonial:
      'I send a text when our class schedule changes and it is updated the same day. Having one team for the website, hosting and updates takes a real load off.',
    rating: 5,
    avatarSrc: null,
  },
];

/** 'Maria Delgado' -> 'MD' */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** The reviews above in one line: how many, and their average rounded to one decimal (4.83 -> 4.8). */
export const ratingSummary = {
  count: testimonials.length,
  average: Math.round((testimonials.reduce((sum, t) => sum + t.rating, 0) / testimonials.length) * 10) / 10,
};
