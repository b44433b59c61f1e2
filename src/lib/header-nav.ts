import { getCollection } from 'astro:content';
import { states } from '../data/locations.ts';
import type { NavLink, NavState } from '../data/navigation.ts';

/** Every service, in its /services order: the header's dropdown lists them all. */
export async function headerServices(): Promise<NavLink[]> {
  const services = await getCollection('services');
  return services
    .sort((a, b) => a.data.order - b.data.order)
    .map((s) => ({ label: s.data.title, href: `/services/${s.id}` }));
}

export const navStates: NavState[] = states.map((s) => ({
  name: s.name,
  slug: s.slug,
  cities: s.cities.map((c) => ({ name: c.name, slug: c.slug })),
}));
