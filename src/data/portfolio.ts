export interface Project {
  slug: string;
  client: string;
  industry: string;
  location: string;
  summary: string;
  /** What we delivered. */
  scope: readonly string[];
  /** Two colors for the generated preview art (no photos to download). */
  palette: readonly [string, string];
}

export const projects: readonly Project[] = [
  {
    slug: 'lakeside-plumbing',
    client: 'Lakeside Plumbing Co.',
    industry: 'Home services',
    location: 'Winter Park, FL',
    summary:
      'A five-page site built around one job: getting a homeowner with a leak to call. Click-to-call on every screen, service-area pages and a quote form.',
    scope: ['Custom website', 'Local SEO', 'Google Business Profile'],
    palette: ['#0f4c75', '#3282b8'],
  },
  {
    slug: 'citrus-and-salt',
    client: 'Citrus & Salt Kitchen',
    industry: 'Restaurant',
    location: 'Orlando, FL',
    summary:
      'Menu pages that load on a weak signal in a parking lot, online ordering links up front, and an events calendar the owners update themselves.',
    scope: ['Custom website', 'Social media management'],
    palette: ['#c2410c', '#f59e0b'],
  },
  {
    slug: 'bright-path-tutoring',
    client: 'Bright Path Tutoring',
    industry: 'Education',
    location: 'Austin, TX',
    summary:
      'A calm, trustworthy site for parents with clear program pages, tutor bios and a booking request form connected to Google Ads campaigns.',
    scope: ['Custom website', 'Google PPC', 'Conversion tracking'],
    palette: ['#166534', '#4ade80'],
  },
  {
    slug: 'harbor-legal',
    client: 'Harbor Legal Group',
    industry: 'Law firm',
    location: 'Brooklyn, NY',
    summary:
      'Practice-area pages written for people, not lawyers, with structured data and a secure consultation request that routes to the right attorney.',
    scope: ['Custom website', 'SEO services'],
    palette: ['#1e293b', '#64748b'],
  },
  {
    slug: 'sunrise-pet-spa',
    client: 'Sunrise Pet Spa',
    industry: 'Pet grooming',
    location: 'Kissimmee, FL',
    summary:
      'Bright, friendly pages, a gallery that stays light on mobile data and booking by text message, the way their customers already talk to them.',
    scope: ['Custom website', 'Hosting and updates', 'Local SEO'],
    palette: ['#7c3aed', '#c084fc'],
  },
  {
    slug: 'gulf-coast-hvac',
    client: 'Gulf Coast HVAC',
    industry: 'HVAC',
    location: 'Tampa, FL',
    summary:
      'Emergency service up front, financing information and city pages for each service area, built for the busy summer season.',
    scope: ['Custom website', 'Google PPC', 'Local SEO'],
    palette: ['#0e7490', '#22d3ee'],
  },
];

/** The home page teaser shows the first three. */
export const featuredProjects = projects.slice(0, 3);
