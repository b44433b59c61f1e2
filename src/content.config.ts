import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** A page at /{file name}: add src/content/pages/foo.md and /foo exists. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.strictObject({
    /** Page title without the brand; the layout appends ' | {brand}'. */
    title: z.string().min(2).max(70),
    /** Meta description shown by search engines: 70-160 characters. */
    description: z.string().min(70).max(160),
    /** First publication date (Article structured data). */
    published: z.coerce.date(),
    /** Last substantive change; defaults to `published`. */
    updated: z.coerce.date().optional(),
    /** 'legal' pages ship no JavaScript at all; 'page' is everything else. */
    kind: z.enum(['legal', 'page']).default('page'),
    /** Extra slugs that show the same page with its canonical URL pointing here, e.g. [terms]. */
    aliases: z.array(z.string().regex(/^[a-z0-9-]+$/, 'use lowercase letters, digits and hyphens')).default([]),
    /** Keep the page out of search results and the sitemap. */
    noindex: z.boolean().default(false),
  }),
});

/** A service at /services/{file name}. */
const services = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/services' }),
  schema: z.strictObject({
    /** Page title, e.g. 'Website Design'. */
    title: z.string().min(2).max(60),
    /** Short label for menus and cards. */
    navLabel: z.string().min(2).max(40),
    /** Meta description: 70-160 characters. */
    description: z.string().min(70).max(160),
    /** One or two sentences for service cards. */
    summary: z.string().min(20).max(200),
    /** Position on /services (1 first). */
    order: z.number().int().min(1),
    /** Listed in the header's Services dropdown. */
    inHeaderMenu: z.boolean().default(false),
    /** What is included: 3-8 short items. */
    highlights: z.array(z.string().min(3).max(120)).min(3).max(8),
    /** Questions specific to this service (FAQPage structured data). */
    faqs: z
      .array(z.strictObject({ question: z.string().min(5), answer: z.string().min(10) }))
      .max(6)
      .default([]),
    published: z.coerce.date(),
    updated: z.coerce.date().optional(),
  }),
});

/** Optional extra copy for a city page: src/content/locations/{state}/{city}.md. */
const locations = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/locations' }),
  schema: z.strictObject({
    /** Heading for the extra section; defaults to 'More about {city}'. */
    heading: z.string().min(3).max(80).optional(),
    updated: z.coerce.date().optional(),
  }),
});

export const collections = { pages, services, locations };
