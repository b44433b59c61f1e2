import { getCollection } from 'astro:content';
import type { NavLink } from '#data/navigation.ts';

/**
 * The services the header's Services menu offers (front matter `inHeaderMenu: true`: Website
 * Design, SEO Services, Google PPC Services and Social Media Management, as specified), in
 * their /services order. The menu closes with 'All services' (/services), which lists all six.
 */
export async function headerServices(): Promise<NavLink[]> {
  const services = await getCollection('services', (s) => s.data.inHeaderMenu);
  return services
    .sort((a, b) => a.data.order - b.data.order)
    .map((s) => ({ label: s.data.title, href: `/services/${s.id}` }));
}
