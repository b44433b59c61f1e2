import { getCollection, type CollectionEntry } from 'astro:content';

export type PortfolioEntry = CollectionEntry<'portfolio'>;

/**
 * The portfolio in its order (/portfolio's), and the one project the home page's hero shows: the
 * first with screenshots, else the first. Empty until the collection has entries.
 */
export async function portfolioInOrder(): Promise<PortfolioEntry[]> {
  const entries = await getCollection('portfolio');
  return entries.sort((a, b) => a.data.order - b.data.order);
}

export async function featuredWork(): Promise<PortfolioEntry | undefined> {
  const entries = await portfolioInOrder();
  return entries.find((entry) => entry.data.images) ?? entries[0];
}

/** A project's case study. */
export const caseStudyHref = (entry: PortfolioEntry) => `/portfolio/${entry.id}`;
