/**
 * Front matter of the Markdown collections (src/content.config.ts wires them to their folders).
 * Every field is documented here; a mistake fails the build with Astro's message, which names
 * the file and the field, followed by ours, which says what to write.
 */
import { z } from 'astro/zod';
import { testimonials } from '#data/testimonials.ts';

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

/** A page's 'In short' box: 2-4 points, each one short line (no full stop needed). */
const inShort = z
  .array(
    z
      .string({ error: 'each point must be text, e.g. - "Built in 7-14 business days"' })
      .min(10, 'each point needs at least 10 characters')
      .max(140, 'keep each point to 140 characters at most'),
    { error: 'must be a list of 2 to 4 points, each on its own line starting with "- "' },
  )
  .min(2, 'needs at least 2 points, each on its own line starting with "- "')
  .max(4, 'keep it to 4 points at most');

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
  /** The 'In short' box above the text: 2-4 points a reader can take away without reading on. */
  inShort: inShort.optional(),
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
  /** The 'In short' box above the text: 2-4 points a reader can take away without reading on. */
  inShort: inShort.optional(),
  /**
   * The name of a client in src/data/testimonials.ts whose words are pulled into the text as a
   * quote, attributed as they are there.
   */
  testimonial: z
    .enum(
      testimonials.map((t) => t.name),
      {
        error: `must be the name of a client in src/data/testimonials.ts: ${testimonials.map((t) => t.name).join(', ')}`,
      },
    )
    .optional(),
  published: date('published').optional(),
  updated: date('updated').optional(),
});

/** Optional extra copy for a city page: src/content/locations/{state}/{city}.md. */
export const locationSchema = frontMatter({
  /** Heading for the extra section; defaults to 'More about {city}'. */
  heading: text('heading', 3, 80, '"Web design from our home city"').optional(),
  updated: date('updated').optional(),
});

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const color = (field: string, example: string) =>
  z
    .string(
      says(`is missing: add e.g. ${field}: '${example}'`, `must be a color in quotes, e.g. ${field}: '${example}'`),
    )
    .regex(HEX_COLOR, `must be a six-digit hex color in quotes, e.g. ${field}: '${example}'`);

/** WCAG relative luminance of a #rrggbb color. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** WCAG contrast ratio of two #rrggbb colors (1 to 21). */
export const contrastRatio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The demo arrangements, one per kind of business (see `layout` below). */
export const DEMO_LAYOUTS = ['menu', 'portrait', 'booking', 'programs', 'emergency', 'call-first'] as const;
export type DemoLayout = (typeof DEMO_LAYOUTS)[number];
/** Layouts that print a price beside every entry (a menu, a price list). */
const PRICED_LAYOUTS: readonly DemoLayout[] = ['menu', 'booking'];

const list = (min: number, max: number, example: string) =>
  z
    .array(
      z.string({ error: `each item must be text, e.g. - ${example}` }).min(2, 'each item needs at least 2 characters'),
      {
        error: `must be a list of ${min} to ${max} items, each on its own line starting with "- "`,
      },
    )
    .min(min, `needs at least ${min} item${min === 1 ? '' : 's'}, each on its own line starting with "- "`)
    .max(max, `keep it to ${max} items at most`);

/**
 * The demo site of a project (/portfolio/{file name}/demo), rendered by the template in
 * src/features/portfolio/DemoSite.astro with this project's palette, type, copy and layout.
 */
const demoFields = {
  /**
   * Which arrangement, and drawing, the demo uses; each fits one kind of business:
   * 'menu' (restaurants: a full-bleed drawn hero of a plate, then the menu with prices and hours),
   * 'portrait' (professional firms: a drawn portrait with the founder's `quote`, practice areas,
   * a consultation request), 'booking' (groomers, salons: services with prices and a booking
   * block on the first screen, following `steps`), 'programs' (tutors, classes: programs and how
   * the first session works), 'emergency' (HVAC and other breakdown trades: a full-width call
   * bar, what happens when you call, services) and 'call-first' (plumbers, electricians: call
   * button and hours beside a drawing of the work, services, the towns served).
   */
  layout: z.enum(DEMO_LAYOUTS, {
    error: `must be one of ${DEMO_LAYOUTS.map((l) => `'${l}'`).join(', ')}, e.g. layout: menu`,
  }),
  /**
   * Heading type: a system stack ('sans', 'serif', 'rounded', 'slab': no download), or one
   * self-hosted weight of 'fraunces' (a soft serif, about 18 KB) or 'bricolage' (a lively
   * grotesque, about 22 KB). Body text is always the system stack.
   */
  font: z.enum(['sans', 'serif', 'rounded', 'slab', 'fraunces', 'bricolage'], {
    error: "must be 'sans', 'serif', 'rounded', 'slab', 'fraunces' or 'bricolage', e.g. font: serif",
  }),
  /** Colors: `primary` carries white text (buttons, header), so it must be dark enough for it (4.5:1). */
  palette: z
    .strictObject({
      /** Header, buttons and headings, under white text, e.g. '#0f4c75'. */
      primary: color('primary', '#0f4c75'),
      /** Highlights and the hero band, e.g. '#3282b8'. */
      accent: color('accent', '#3282b8'),
      /** Page background tint, e.g. '#f3f8fc'. */
      tint: color('tint', '#f3f8fc'),
    })
    .refine((p) => contrastRatio(p.primary, '#ffffff') >= 4.5, {
      message: 'primary is too light for white text (needs 4.5:1): choose a darker color',
      path: ['primary'],
    }),
  /** The hero heading, e.g. "Leak at midnight? We pick up." */
  headline: text('headline', 8, 80, '"Leak at midnight? We pick up."'),
  /** One or two sentences under the headline. */
  lead: text('lead', 20, 220, '"Licensed plumbers for Winter Park homes, on call around the clock."'),
  /** The main call to action's words and kind: a phone call, a text message or the page's request form. */
  action: z.strictObject({
    label: text('label', 3, 40, '"Call (407) 555-0117"'),
    kind: z.enum(['call', 'text', 'form'], { error: "must be 'call', 'text' or 'form', e.g. kind: call" }),
  }),
  /** A fictional number in the 555-01xx range, as written on the demo, e.g. '(407) 555-0117'. */
  phone: z
    .string(
      says("is missing: add e.g. phone: '(407) 555-0117'", "must be text in quotes, e.g. phone: '(407) 555-0117'"),
    )
    .regex(/^\(\d{3}\) 555-01\d{2}$/, "must be a fictional (xxx) 555-01xx number, e.g. phone: '(407) 555-0117'"),
  /** Short trust points under the hero, e.g. - Licensed & insured. */
  badges: list(2, 4, '"Licensed & insured"'),
  /** Heading of the main section, e.g. "Services", "Menu", "Programs". */
  itemsTitle: text('itemsTitle', 3, 40, '"Services"'),
  /** The main section's entries: services, dishes, programs or practice areas. */
  items: z
    .array(
      z.strictObject({
        name: text('name', 2, 50, '"Drain cleaning"'),
        text: text('text', 5, 160, '"Kitchen, bath and main lines, camera inspection included."'),
        /** Optional price or duration beside the name, e.g. '14' (a menu's dollars) or '60 min'. */
        note: z
          .string({ error: "must be text in quotes, e.g. note: '60 min'" })
          .max(20, 'keep it to 20 characters')
          .optional(),
      }),
      { error: 'must be a list of entries, each - name: "…" with text: "…" below it' },
    )
    .min(3, 'needs at least 3 entries')
    .max(8, 'keep it to 8 entries at most'),
  /** Opening hours lines, e.g. - "Mon-Fri 7am-7pm". */
  hours: list(1, 4, '"Mon-Fri 7am-7pm"'),
  /** Towns or neighbourhoods served, e.g. - Winter Park. */
  areas: list(1, 8, 'Winter Park').optional(),
  /**
   * How booking or the first visit works, 2 to 4 short steps, e.g. - Text us a photo of your pet.
   * Required by 'booking'; 'programs' and 'emergency' show them when present.
   */
  steps: list(2, 4, '"Text us a photo of your pet"').optional(),
  /** The founder's own words beside their portrait: required by 'portrait'. Not a client testimonial. */
  quote: z
    .strictObject({
      text: text('text', 20, 200, '"We tell you plainly whether we can help."'),
      name: text('name', 2, 60, '"Maria Ortiz"'),
      role: text('role', 2, 60, '"Founding attorney"'),
    })
    .optional(),
};

/** A layout's needs, each reported on the field to fill in. */
const demoSchema = frontMatter(demoFields).superRefine((demo, ctx) => {
  if (PRICED_LAYOUTS.includes(demo.layout))
    demo.items.forEach((item, i) => {
      if (!item.note)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'note'],
          message: `is missing: the '${demo.layout}' layout shows a price beside every entry, e.g. note: '17'`,
        });
    });
  if (demo.layout === 'portrait' && !demo.quote)
    ctx.addIssue({
      code: 'custom',
      path: ['quote'],
      message: "is missing: the 'portrait' layout needs the founder's words, e.g. quote: { text: …, name: …, role: … }",
    });
  if (demo.layout === 'booking' && !demo.steps)
    ctx.addIssue({
      code: 'custom',
      path: ['steps'],
      message: "is missing: the 'booking' layout shows how booking works, e.g. steps: [Text us a photo, …]",
    });
});

/**
 * A portfolio case study at /portfolio/{file name}, with its demo at /portfolio/{file name}/demo.
 * The same entries feed the /portfolio grid and the home page teaser (lowest `order` first).
 */
export const portfolioSchema = <I extends z.ZodType>({ image }: { image: () => I }) =>
  frontMatter({
    /** The business's name, e.g. 'Lakeside Plumbing Co.'. */
    client: text('client', 2, 60, '"Lakeside Plumbing Co."'),
    /** City and state, e.g. 'Winter Park, FL'. */
    city: text('city', 4, 60, '"Winter Park, FL"'),
    /** Kind of business, e.g. 'Home services'. */
    industry: text('industry', 3, 40, '"Home services"'),
    /**
     * true for a concept build (a fictional business, made to show how we work): every page says
     * so with a 'Concept project' badge, and it may not carry a testimonial. false only for real
     * client work, shown with the client's permission.
     */
    concept: z.boolean({ error: 'must be true or false, e.g. concept: true' }),
    /** Position on /portfolio; the home page teaser shows the first three. */
    order: z.number({ error: 'must be a whole number, e.g. order: 3' }).int().min(1),
    /** Meta description of the case study: 70-160 characters. */
    description,
    /** One or two sentences for portfolio cards. */
    summary: text(
      'summary',
      40,
      220,
      '"A five-page site built around one job: getting a homeowner with a leak to call."',
    ),
    /** What we did, e.g. - Custom website. */
    services: list(1, 5, '"Custom website"'),
    /** "The problem": the situation the site had to answer, in a short paragraph. */
    problem: text('problem', 40, 700, '"Most calls come from phones, at night, from people with water on the floor."'),
    /** "What we built": 3 to 6 short points. */
    built: list(3, 6, '"Click-to-call on every screen"'),
    /**
     * Results as figures, each true and measured: the value, what it is, and how it was measured.
     * For a concept these describe the demo (page weight, requests, load time from a local run).
     */
    results: z
      .array(
        z.strictObject({
          value: text('value', 1, 12, "'38 KB'"),
          label: text('label', 3, 60, '"transferred for the whole page"'),
          measured: text('measured', 10, 160, '"Chromium, local build, 2026-11-23 (npm run portfolio:images)"'),
        }),
        { error: 'must be a list of entries, each - value: "…", label: "…", measured: "…"' },
      )
      .min(1, 'needs at least 1 result')
      .max(4, 'keep it to 4 results at most'),
    /** A real client's words, with their permission. Never on a concept project. */
    testimonial: z
      .strictObject({
        quote: text('quote', 20, 400, '"They picked up the phone every time."'),
        name: text('name', 2, 60, '"Dana Whitfield"'),
        role: text('role', 2, 80, '"Owner, Lakeside Plumbing Co."'),
      })
      .optional(),
    /**
     * Screenshots made by `npm run portfolio:images -- --url <URL> --slug <file name>`, paths
     * relative to this file, and what each one proves. Optional until they exist: the pages then
     * show a plain panel.
     */
    images: z
      .strictObject({
        /** First screen on a phone (390 px wide), e.g. ../../assets/portfolio/lakeside-plumbing/phone.webp */
        phone: image(),
        /** A second phone screen further down the page (phone-2.webp). */
        phone2: image(),
        /** First screen on a desktop (1280 x 800): the portfolio card and the social image. */
        desktop: image(),
        /** The whole page on a desktop, top to bottom (full.webp). */
        full: image(),
        /** Under each capture on the case study: what it proves, in a sentence an owner reads. */
        captions: z.strictObject({
          full: text(
            'full',
            20,
            160,
            '"The whole page on a laptop: services, towns served and the number, no scrolling hunt"',
          ),
          phone: text('phone', 20, 160, '"The first screen on a phone is the call button and the emergency line"'),
          phone2: text('phone2', 20, 160, '"Scroll once and the services are listed in plain words"'),
        }),
      })
      .optional(),
    /** The live demo's palette, type, copy and layout. */
    demo: demoSchema,
  }).refine((project) => !(project.concept && project.testimonial), {
    message: 'a concept project cannot carry a testimonial: quotes come from real clients only',
    path: ['testimonial'],
  });
