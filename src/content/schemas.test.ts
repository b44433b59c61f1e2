import { describe, expect, it } from 'vitest';
import { firstCommitDate, publishedDate } from '#lib/content-dates.ts';
import { contrastRatio, locationSchema, pageSchema, portfolioSchema, serviceSchema } from './schemas.ts';
import { z } from 'astro/zod';

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
        'is not a field here; check the spelling. The fields are title, description, published, updated, kind, aliases, noindex, inShort',
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

  it("the 'In short' points and the pulled quote say what to write", () => {
    const page = { title: 'Our Guarantee', description };
    expect(messages({ ...page, inShort: ['One point only, nothing more'] })).toEqual({
      inShort: 'needs at least 2 points, each on its own line starting with "- "',
    });
    const service = {
      title: 'Website Design',
      navLabel: 'Web Design',
      description,
      summary: 'Fast, search-ready websites built around your customers.',
      order: 1,
      highlights: ['Fast pages', 'Built for phones', 'Search-ready'],
    };
    expect(messages({ ...service, testimonial: 'Maria Delgado' }, serviceSchema)).toEqual({});
    // A quote is only ever a real client's, as src/data/testimonials.ts has it.
    expect(messages({ ...service, testimonial: 'Jane Invented' }, serviceSchema)).toEqual({
      testimonial: expect.stringMatching(/^must be the name of a client in src\/data\/testimonials\.ts: Maria Delgado/),
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

describe('portfolio front matter', () => {
  // Astro passes image(), which checks the file exists; here a path string stands in for it.
  const schema = portfolioSchema({ image: () => z.string() });
  const issues = (input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const demo = {
    layout: 'call-first',
    font: 'sans',
    palette: { primary: '#0f4c75', accent: '#3282b8', tint: '#f1f7fb' },
    headline: 'Leak at midnight? We pick up.',
    lead: 'Licensed plumbers for Winter Park homes, on call around the clock.',
    action: { label: 'Call (407) 555-0117', kind: 'call' },
    phone: '(407) 555-0117',
    badges: ['Licensed & insured', '24/7 emergency line'],
    itemsTitle: 'Services',
    items: [
      { name: 'Leak repair', text: 'Burst pipes and slab leaks.' },
      { name: 'Drain cleaning', text: 'Kitchen, bath and main lines.' },
      { name: 'Water heaters', text: 'Repair and replacement.', note: '60 min' },
    ],
    hours: ['Mon-Sat 7am-7pm'],
  };
  const project = {
    client: 'Lakeside Plumbing Co.',
    city: 'Winter Park, FL',
    industry: 'Home services',
    concept: true,
    order: 1,
    description,
    summary: 'A one-page site built around getting a homeowner with a leak to call.',
    services: ['Custom website'],
    problem: 'Most plumbing calls start on a phone, at night, from someone with water on the floor.',
    built: ['Click-to-call on every screen', 'Services in plain words', 'The towns served'],
    results: [{ value: '3.1 KB', label: 'transferred on a phone', measured: 'Chromium, local build, 2026-11-23' }],
    images: {
      phone: '../../assets/portfolio/x/phone.webp',
      phone2: '../../assets/portfolio/x/phone-2.webp',
      desktop: '../../assets/portfolio/x/desktop.webp',
      full: '../../assets/portfolio/x/full.webp',
      captions: {
        full: 'The whole page on a laptop, from the call button to the towns served',
        phone: 'On a phone the first screen is the call button and the emergency line',
        phone2: 'One scroll down, every service in a sentence',
      },
    },
    demo,
  };

  it('accepts a concept project, with or without screenshots', () => {
    expect(issues(project)).toEqual({});
    const { images: _, ...withoutImages } = project;
    expect(issues(withoutImages)).toEqual({});
  });

  it('refuses a testimonial on a concept project: quotes come from real clients only', () => {
    const testimonial = { quote: 'They picked up the phone every time.', name: 'Dana Whitfield', role: 'Owner' };
    expect(issues({ ...project, testimonial })).toEqual({
      testimonial: 'a concept project cannot carry a testimonial: quotes come from real clients only',
    });
    expect(issues({ ...project, concept: false, testimonial })).toEqual({});
  });

  it('requires concept to be stated, and results that say how they were measured', () => {
    const { concept: _, ...unlabelled } = project;
    expect(issues(unlabelled)).toEqual({ concept: 'must be true or false, e.g. concept: true' });
    expect(issues({ ...project, results: [{ value: '98', label: 'Lighthouse score' }] })).toEqual({
      'results.0.measured':
        'is missing: add e.g. measured: "Chromium, local build, 2026-11-23 (npm run portfolio:images)"',
    });
    expect(issues({ ...project, results: [] })).toEqual({ results: 'needs at least 1 result' });
  });

  it('keeps the demo readable and fictional: dark enough primary, 555-01xx phone numbers', () => {
    expect(issues({ ...project, demo: { ...demo, palette: { ...demo.palette, primary: '#4ade80' } } })).toEqual({
      'demo.palette.primary': 'primary is too light for white text (needs 4.5:1): choose a darker color',
    });
    expect(issues({ ...project, demo: { ...demo, phone: '(407) 867-5309' } })).toEqual({
      'demo.phone': "must be a fictional (xxx) 555-01xx number, e.g. phone: '(407) 555-0117'",
    });
    expect(issues({ ...project, demo: { ...demo, layout: 'carousel' } })).toEqual({
      'demo.layout':
        "must be one of 'menu', 'portrait', 'booking', 'programs', 'emergency', 'call-first', e.g. layout: menu",
    });
    expect(issues({ ...project, demo: { ...demo, colour: 'red' } })).toEqual({
      'demo.colour': expect.stringMatching(
        /^is not a field here; check the spelling\. The fields are layout, font, palette, /,
      ),
    });
  });

  it('asks each layout for what it shows: prices on a menu or price list, a quote beside a portrait, booking steps', () => {
    const items = demo.items.map(({ name, text }) => ({ name, text }));
    expect(issues({ ...project, demo: { ...demo, layout: 'menu', items } })).toEqual({
      'demo.items.0.note': "is missing: the 'menu' layout shows a price beside every entry, e.g. note: '17'",
      'demo.items.1.note': "is missing: the 'menu' layout shows a price beside every entry, e.g. note: '17'",
      'demo.items.2.note': "is missing: the 'menu' layout shows a price beside every entry, e.g. note: '17'",
    });
    const priced = items.map((item, i) => ({ ...item, note: String(20 + i) }));
    expect(issues({ ...project, demo: { ...demo, layout: 'menu', items: priced } })).toEqual({});
    expect(issues({ ...project, demo: { ...demo, layout: 'booking', items: priced } })).toEqual({
      'demo.steps': "is missing: the 'booking' layout shows how booking works, e.g. steps: [Text us a photo, …]",
    });
    const steps = ['Text us a photo of your pet', 'We reply with a time'];
    expect(issues({ ...project, demo: { ...demo, layout: 'booking', items: priced, steps } })).toEqual({});
    expect(issues({ ...project, demo: { ...demo, layout: 'portrait' } })).toEqual({
      'demo.quote':
        "is missing: the 'portrait' layout needs the founder's words, e.g. quote: { text: …, name: …, role: … }",
    });
    const quote = { text: 'We tell you plainly whether we can help.', name: 'Maria Ortiz', role: 'Founding attorney' };
    expect(issues({ ...project, demo: { ...demo, layout: 'portrait', quote } })).toEqual({});
    // The layouts that need none of these accept a project without them.
    for (const layout of ['programs', 'emergency', 'call-first'])
      expect(issues({ ...project, demo: { ...demo, layout } }), layout).toEqual({});
  });

  it('asks for all four captures, each with what it proves', () => {
    const { full: _, ...withoutFull } = project.images;
    expect(issues({ ...project, images: withoutFull })).toEqual({ 'images.full': expect.any(String) });
    const { phone2: __, ...captions } = project.images.captions;
    expect(issues({ ...project, images: { ...project.images, captions } })).toEqual({
      'images.captions.phone2': 'is missing: add e.g. phone2: "Scroll once and the services are listed in plain words"',
    });
  });

  it('names a misspelt field instead of dropping it', () => {
    expect(issues({ ...project, testimonal: 'x' })).toEqual({
      testimonal: expect.stringMatching(/^is not a field here; check the spelling\. The fields are client, city, /),
    });
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#0f4c75')).toBeGreaterThan(4.5);
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(4.5);
  });
});
