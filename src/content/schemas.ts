/**
 * Front matter of the Markdown collections (src/content.config.ts wires them to their folders).
 * Every field is documented here; a mistake fails the build with Astro's message, which names
 * the file and the field, followed by ours, which says what to write.
 */
import { z } from 'astro/zod';

/** "is missing" when absent or left empty (`title:`), else `problem`; both end with an example of what to write. */
const says = (missing: string, problem: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? missing : problem),
});

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * YAML reads `published: 2026-11-22` as a date already; a quoted "2026-11-22" is turned into one.
 * Nothing else is: coercion would read an empty value, a bare year or `true` as a day in 1970.
 */
const date = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && CALENDAR_DATE.test(value) ? new Date(`${value}T00:00:00Z`) : value),
    z.date(
      says(
        `is empty: write the date as YYYY-MM-DD, e.g. ${field}: 2026-11-22, or remove the line`,
        `is not a date: write it as YYYY-MM-DD, e.g. ${field}: 2026-11-22`,
      ),
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

/**
 * Front matter that refuses fields it does not know, naming each and listing the ones it does: a
 * misspelt `publshed:` would otherwise be dropped without a word. (A strict object would report
 * them all at the root, which Astro prints as '****'; the catch-all puts each under its own name.)
 */
const frontMatter = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z
    .object(shape)
    .catchall(
      z
        .unknown()
        .refine(
          () => false,
          `is not a field here; check the spelling. The fields are ${Object.keys(shape).join(', ')}`,
        ),
    );

/** A page at /{file name}: add src/content/pages/foo.md and /foo exists. */
export const pageSchema = frontMatter({
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
export const serviceSchema = frontMatter({
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
  inHeaderMenu: z.boolean({ error: 'must be true or false, e.g. inHeaderMenu: true' }).default(false),
  /** What is included: 3-8 short items. */
  highlights: z
    .array(
      z
        .string({ error: 'each item must be text, e.g. - "Built for fast load times"' })
        .min(3, 'each item needs at least 3 characters')
        .max(120, 'keep each item to 120 characters at most'),
      { error: 'must be a list of 3 to 8 items, each on its own line starting with "- "' },
    )
    .min(3, 'needs at least 3 items, each on its own line starting with "- "')
    .max(8, 'keep it to 8 items at most'),
  /** Questions specific to this service (FAQPage structured data). */
  faqs: z
    .array(
      z.strictObject({
        question: z
          .string(says('is missing: each entry needs - question: "…?" and answer: "…"', 'must be text in quotes'))
          .min(5, 'is too short: write the whole question, e.g. question: "Do you build online stores?"'),
        answer: z
          .string(says('is missing: each entry needs - question: "…?" and answer: "…"', 'must be text in quotes'))
          .min(10, 'is too short: answer in a sentence or two'),
      }),
      { error: 'must be a list of entries, each - question: "…?" with answer: "…" below it' },
    )
    .max(6, 'keep it to 6 questions at most')
    .default([]),
  published: date('published').optional(),
  updated: date('updated').optional(),
});

/** Optional extra copy for a city page: src/content/locations/{state}/{city}.md. */
export const locationSchema = frontMatter({
  /** Heading for the extra section; defaults to 'More about {city}'. */
  heading: text('heading', 3, 80, '"Web design from our home city"').optional(),
  updated: date('updated').optional(),
});
