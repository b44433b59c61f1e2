import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { locationSchema, pageSchema, portfolioSchema, serviceSchema } from '#content/schemas.ts';

// The front matter of each collection is documented field by field in src/content/schemas.ts.
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: pageSchema,
});
const services = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/services' }),
  schema: serviceSchema,
});
const locations = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/locations' }),
  schema: locationSchema,
});

const portfolio = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/portfolio' }),
  schema: ({ image }) => portfolioSchema({ image }),
});

export const collections = { pages, services, locations, portfolio };
