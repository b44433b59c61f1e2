/**
 * The people of the studio: the one source for /about's team and the "who you will talk to"
 * card beside the contact form. No photos: each person has an initials avatar in their color.
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
}

export const team = [
  {
    name: 'Ana Reyes',
    role: 'Founder and project lead',
    line: 'Answers the phone, scopes every project and stays your contact from the first call to launch and after.',
    avatar: 'bg-brand-700 text-white',
  },
  {
    name: 'Marcus Bell',
    role: 'Lead developer',
    line: 'Builds each site to load fast on an inexpensive phone, then keeps it patched, backed up and online.',
    avatar: 'bg-sun-300 text-slate-900',
  },
  {
    name: 'Lena Park',
    role: 'Designer',
    line: 'Turns what makes your business different into pages a visitor understands at a glance.',
    avatar: 'bg-orange-800 text-white',
  },
  {
    name: 'David Okafor',
    role: 'Search and ads specialist',
    line: 'Runs local SEO, Google Business Profiles and Google Ads, and reports the numbers in plain English.',
    avatar: 'bg-blue-100 text-blue-900',
  },
] as const satisfies readonly TeamMember[];

/** The person who answers the phone and the contact form. */
export const firstContact: TeamMember = team[0];

/** 'Ana Reyes' -> 'AR' */
export const teamInitials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
