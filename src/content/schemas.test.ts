import { describe, expect, it } from 'vitest';
import { firstCommitDate, publishedDate } from '../lib/content-dates.ts';
import { locationSchema, pageSchema, serviceSchema } from './schemas.ts';

const messages = (
  input: unknown,
  schema: typeof pageSchema | typeof serviceSchema | typeof locationSchema = pageSchema,
) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const description = 'A page that explains something useful to visitors, long enough for search results.';

describe('page front matter, as a content editor meets it', () => {
  it('builds with only a title and a description', () => {
    const parsed = pageSchema.parse({ title: 'Our Guarantee', description });
    expect(parsed).toMatchObject({ title: 'Our Guarantee', kind: 'page', aliases: [], noindex: false });
    expect(parsed.published).toBeUndefined();
  });

  it('a missing or malformed field says which and what to write', () => {
    expect(messages({ description })).toEqual({ title: 'is missing: add e.g. title: "Our Guarantee"' });
    expect(messages({ title: 'Our Guarantee', description, published: 'last Tuesday' })).toEqual({
      published: 'is not a date: write it as YYYY-MM-DD, e.g. published: 2026-11-22',
    });
    expect(messages({ title: 'Our Guarantee', description: 'Too short.' })).toEqual({
      description: expect.stringMatching(/^is too short: write at least 70 characters, e\.g\. description: /),
    });
    expect(messages({ title: 'Our Guarantee', description, kind: 'blog' })).toEqual({
      kind: "must be 'page' or 'legal', e.g. kind: page",
    });
  });

  // Coercion turned an empty `published:`, a bare year or `true` into a day in January 1970.
  it.each([
    ['left empty', null, 'is empty: write the date as YYYY-MM-DD, e.g. published: 2026-11-22, or remove the line'],
    ['as a bare year', 2026, 'is not a date: write it as YYYY-MM-DD, e.g. published: 2026-11-22'],
    ['as true', true, 'is not a date: write it as YYYY-MM-DD, e.g. published: 2026-11-22'],
    ['as an impossible day', '2026-13-45', 'is not a date: write it as YYYY-MM-DD, e.g. published: 2026-11-22'],
  ])('`published:` %s is refused, not read as 1970', (_, published, message) => {
    expect(messages({ title: 'Our Guarantee', description, published })).toEqual({ published: message });
  });

  it('takes the date YAML reads and the same date in quotes', () => {
    const day = new Date('2026-11-22T00:00:00Z');
    expect(pageSchema.parse({ title: 'Our Guarantee', description, published: day }).published).toEqual(day);
    expect(pageSchema.parse({ title: 'Our Guarantee', description, published: '2026-11-22' }).published).toEqual(day);
  });

  it('a misspelt field is named, with the fields there are, instead of being dropped', () => {
    expect(messages({ title: 'Our Guarantee', description, publshed: '2026-11-22' })).toEqual({
      publshed:
        'is not a field here; check the spelling. The fields are title, description, published, updated, kind, aliases, noindex',
    });
  });

  it('services and city pages say what to write too', () => {
    const service = {
      title: 'Website Design',
      navLabel: 'Web Design',
      description,
      summary: 'Fast, search-ready websites built around your customers.',
      order: 1,
      highlights: ['Fast pages', 'Built for phones', 'Search-ready'],
    };
    expect(messages(service, serviceSchema)).toEqual({});
    expect(messages({ ...service, highlights: ['Fast pages'] }, serviceSchema)).toEqual({
      highlights: 'needs at least 3 items, each on its own line starting with "- "',
    });
    expect(messages({ ...service, faqs: [{ question: 'Why?' }] }, serviceSchema)).toEqual({
      'faqs.0.question': 'is too short: write the whole question, e.g. question: "Do you build online stores?"',
      'faqs.0.answer': 'is missing: each entry needs - question: "…?" and answer: "…"',
    });
    expect(messages({ heading: 'Hi' }, locationSchema)).toEqual({
      heading: 'is too short: write at least 3 characters, e.g. heading: "Web design from our home city"',
    });
  });

  it('without `published`, the page takes the date its file was first committed, or today', () => {
    const committed = firstCommitDate('src/content/pages/privacy.md');
    expect(committed).toBeInstanceOf(Date);
    expect(publishedDate({}, 'src/content/pages/privacy.md')).toEqual(committed);
    const today = new Date().toISOString().slice(0, 10);
    expect(publishedDate({}, 'src/content/pages/not-committed-yet.md').toISOString().slice(0, 10)).toBe(today);
    const given = new Date('2026-01-02');
    expect(publishedDate({ published: given }, 'src/content/pages/privacy.md')).toBe(given);
  });
});
