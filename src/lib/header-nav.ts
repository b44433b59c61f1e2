import { getCollection } from 'astro:content';
import { states } from '../data/locations.ts';
import type { NavLink, NavState } from '../data/navigation.ts';

/** Services in the header's dropdown, in their /services order. */
export async function headerServices(): Promise<NavLink[]> {
  const services = await getCollection('services', (s) => s.data.inHeaderMenu);
  return services
    .sort((a, b) => a.data.order - b.data.order)
    .map((s) => ({ label: s.data.title, href: `/services/${s.id}` }));
}

export const navStates: NavState[] = states.map((s) => ({
  name: s.name,
  slug: s.slug,
  cities: s.cities.map((c) => ({ name: c.name, slug: c.slug })),
}));
