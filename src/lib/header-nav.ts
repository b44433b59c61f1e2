import { getCollection } from 'astro:content';
import type { NavLink } from '../data/navigation.ts';

/** Every service, in its /services order: the header's dropdown lists them all. */
export async function headerServices(): Promise<NavLink[]> {
  const services = await getCollection('services');
  return services
    .sort((a, b) => a.data.order - b.data.order)
    .map((s) => ({ label: s.data.title, href: `/services/${s.id}` }));
}
