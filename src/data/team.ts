/**
 * The people of the studio: the one source for /about's team and the "who you will talk to"
 * card beside the contact form. Each person has a portrait drawn for the site
 * (public/images/people/); a real photo replaces one by changing `avatarSrc` (docs/content.md).
 */
export interface TeamMember {
  name: string;
  role: string;
  /** One sentence on what they do for a client. */
  line: string;
  /**
   * Avatar colors as utility classes (our CSP refuses inline styles): a background and a text
   * color with at least 4.5:1 contrast.
   */
  avatar: string;
  /**
   * Portrait shown in a 56 px circle, or null for the initials in the colors above. To use a real
   * photo: put it under public/ (e.g. public/images/people/ana-reyes.jpg), square, at least 112x112
   * (twice the displayed size), JPEG, WebP or AVIF, under 30 KB, and set its path here
   * ('/images/people/ana-reyes.jpg'). Delete the drawn .svg once nothing points to it.
   */
  avatarSrc: string | null;
}

export const team = [
  {
    name: 'Ana Reyes',
    role: 'Founder and project lead',
    line: 'Answers the phone, scopes every project and stays your contact from the first call to launch and after.',
    avatar: 'bg-brand-700 text-white',
    avatarSrc: '/images/people/ana-reyes.svg',
  },
  {
    name: 'Marcus Bell',
    role: 'Lead developer',
    line: 'Builds each site to load fast on an inexpensive phone, then keeps it patched, backed up and online.',
    avatar: 'bg-sun-300 text-slate-900',
    avatarSrc: '/images/people/marcus-bell.svg',
  },
  {
    name: 'Lena Park',
    role: 'Designer',
    line: 'Turns what makes your business different into pages a visitor understands at a glance.',
    avatar: 'bg-orange-800 text-white',
    avatarSrc: '/images/people/lena-park.svg',
  },
  {
    name: 'David Okafor',
    role: 'Search and ads specialist',
    line: 'Runs local SEO, Google Business Profiles and Google Ads, and reports the numbers in plain English.',
    avatar: 'bg-blue-100 text-blue-900',
    avatarSrc: '/images/people/david-okafor.svg',
  },
] as const satisfies readonly TeamMember[];

/** The person who answers the phone and the contact form. */
export const firstContact: TeamMember = team[0];

