/**
 * Front matter of the Markdown collections (src/content.config.ts wires them to their folders).
 * Every field is documented here; a mistake fails the build with Astro's message, which names
 * the file and the field, followed by ours, which says what to write.
 */
import { z } from 'astro/zod';

/** "is missing" when absent, else `problem`; both end with an example of what to write. */
const says = (missing: string, problem: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : problem),
});

const date = (field: string) =>
  z.coerce.date(
    says(
      `is missing: write the date as YYYY-MM-DD, e.g. ${field}: 2026-11-22`,
      `is not a date: write it as YYYY-MM-DD, e.g. ${field}: 2026-11-22`,
    ),
  );

const text = (field: string, min: number, max: number, example: string) =>
  z
    .string(says(`is missing: add e.g. ${field}: ${example}`, `must be text, e.g. ${field}: ${example}`))
    .min(min, `is too short: write at least ${min} characters, e.g. ${field}: ${example}`)
    .max(max, `is too long: keep it to ${max} characters at most`);

const description = text(
  'description',
  70,
  160,
  '"What the page offers, in one or two sentences of 70 to 160 characters."',
);

/** A page at /{file name}: add src/content/pages/foo.md and /foo exists. */
export const pageSchema = z.strictObject({
  /** Page title without the brand; the layout appends ' | {brand}'. */
  title: text('title', 2, 70, '"Our Guarantee"'),
  /** Meta description shown by search engines: 70-160 characters. */
  description,
  /**
   * First publication date (Article structured data). Optional: without it the page uses the
   * date of the file's first commit, or the build date for a file not committed yet.
   */
  published: date('published').optional(),
  /** Last substantive change; defaults to `published`. */
  updated: date('updated').optional(),
  /** 'legal' pages ship no JavaScript at all; 'page' is everything else. */
  kind: z.enum(['legal', 'page'], { error: "must be 'page' or 'legal', e.g. kind: page" }).default('page'),
  /** Extra slugs that show the same page with its canonical URL pointing here, e.g. [about-us]. */
  aliases: z
    .array(z.string().regex(/^[a-z0-9-]+$/, 'use lowercase letters, digits and hyphens, e.g. aliases: [our-terms]'))
    .default([]),
  /** Keep the page out of search results and the sitemap. */
  noindex: z.boolean({ error: 'must be true or false, e.g. noindex: true' }).default(false),
});

/** A service at /services/{file name}. */
export const serviceSchema = z.strictObject({
  /** Page title, e.g. 'Website Design'. */
  title: text('title', 2, 60, '"Website Design"'),
  /** Short label for menus and cards. */
  navLabel: text('navLabel', 2, 40, '"Web Design"'),
  /** Meta description: 70-160 characters. */
  description,
  /** One or two sentences for service cards. */
  summary: text('summary', 20, 200, '"Fast, search-ready websites built around your customers."'),
  /** Position on /services (1 first). */
  order: z.number({ error: 'must be a whole number, e.g. order: 3' }).int().min(1),
  /** Listed in the header's Services dropdown. */
  inHeaderMenu: z.boolean().default(false),
  /** What is included: 3-8 short items. */
  highlights: z.array(z.string().min(3).max(120)).min(3).max(8),
  /** Questions specific to this service (FAQPage structured data). */
  faqs: z
    .array(z.strictObject({ question: z.string().min(5), answer: z.string().min(10) }))
    .max(6)
    .default([]),
  published: date('published').optional(),
  updated: date('updated').optional(),
});

/** Optional extra copy for a city page: src/content/locations/{state}/{city}.md. */
export const locationSchema = z.strictObject({
  /** Heading for the extra section; defaults to 'More about {city}'. */
  heading: z.string().min(3).max(80).optional(),
  updated: date('updated').optional(),
});
