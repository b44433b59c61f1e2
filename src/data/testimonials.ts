export interface Testimonial {
  name: string;
  company: string;
  testimonial: string;
  /** 0-5 in steps of 0.5. */
  rating: number;
  /**
   * Portrait shown in a 44 px circle beside the review, or null for the person's initials. To use
   * a real photo (with the client's permission): put it under public/ (e.g.
   * public/images/people/maria-delgado.jpg), square, at least 88x88 (twice the displayed size),
   * JPEG, WebP or AVIF, under 30 KB, and set its path here ('/images/people/maria-delgado.jpg').
   */
  avatarSrc: string | null;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Maria Delgado',
    company: 'Delgado Family Dental',
    testimonial:
      'Our old site looked dated and nobody could book from a phone. The new one is clean, fast and our online appointment requests have clearly picked up. They handled everything.',
    rating: 5,
    avatarSrc: '/images/people/maria-delgado.svg',
  },
  {
    name: 'James Whitfield',
    company: 'Whitfield Roofing & Repair',
    testimonial:
      'They explained every step in plain English and delivered when they said they would. We now show up in the map results for the neighborhoods we actually serve.',
    rating: 4.5,
    avatarSrc: '/images/people/james-whitfield.svg',
  },
  {
    name: 'Priya Raman',
    company: 'Lotus Yoga Studio',
    testimonial:
      'I send a text when our class schedule changes and it is updated the same day. Having one team for the website, hosting and updates takes a real load off.',
    rating: 5,
    avatarSrc: '/images/people/priya-raman.svg',
  },
];

/** The reviews above in one line: how many, and their average rounded to one decimal (4.83 -> 4.8). */
export const ratingSummary = {
  count: testimonials.length,
  average: Math.round((testimonials.reduce((sum, t) => sum + t.rating, 0) / testimonials.length) * 10) / 10,
};
