import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { locationSchema, pageSchema, serviceSchema } from './content/schemas.ts';

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

export const collections = { pages, services, locations };
