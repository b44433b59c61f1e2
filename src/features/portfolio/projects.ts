/** The portfolio collection in display order: /portfolio, the case studies and the home teaser read it here. */
import { getCollection, type CollectionEntry } from 'astro:content';

export type Project = CollectionEntry<'portfolio'>;

export async function projectsInOrder(): Promise<Project[]> {
  const entries = await getCollection('portfolio');
  return entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** The home page teaser's three. */
export const featuredProjects = async () => (await projectsInOrder()).slice(0, 3);
