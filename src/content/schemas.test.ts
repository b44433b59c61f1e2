import { describe, expect, it } from 'vitest';
import { firstCommitDate, publishedDate } from '../lib/content-dates.ts';
import { pageSchema } from './schemas.ts';

const messages = (input: unknown) => {
  const result = pageSchema.safeParse(input);
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
