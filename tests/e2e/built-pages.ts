/**
 * The prerendered pages of an e2e build, read straight from its output directory (scripts/e2e.mjs
 * builds every configuration before Playwright starts), and the words a visitor reads on them.
 * Reading files rather than fetching keeps a whole-site scan to a second, and it sees exactly
 * what the server will send.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2EBuild } from './builds.ts';

export interface BuiltPage {
  /** URL path, e.g. '/locations/florida/orlando' ('/' for the home page). */
  path: string;
  html: string;
}

export function builtPages(build: E2EBuild): BuiltPage[] {
  const dir = join(build.outDir, 'client');
  if (!existsSync(dir)) {
    throw new Error(`${dir} is missing: run this spec through 'npm run test:e2e', which builds it first.`);
  }
  const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({
      path: `/${file
        .replaceAll('\\', '/')
        .replace(/(^|\/)index\.html$/, '')
        .replace(/\.html$/, '')}`,
      html: readFileSync(join(dir, file), 'utf8'),
    }));
  // 60 city pages alone: fewer means a broken or partial build, and a scan of it would prove nothing.
  if (pages.length < 60) throw new Error(`${dir} holds only ${pages.length} pages: rebuild it.`);
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

export function builtPage(build: E2EBuild, path: string): BuiltPage {
  const page = builtPages(build).find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not in ${build.outDir}`);
  return page;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  middot: '·',
  copy: '©',
};

export const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** Attributes whose values a visitor, a screen reader or a search result shows. */
const READ_ATTRIBUTES = /\s(?:content|alt|title|aria-label|placeholder)="([^"]*)"/g;

/** Elements that end a sentence's run of text even without a full stop (headings, list items, cells). */
const BLOCK =
  /<\/?(?:p|h[1-6]|li|dt|dd|div|section|article|aside|header|footer|nav|summary|details|figcaption|blockquote|td|th|br|main)\b[^>]*>/gi;

/**
 * What the page says: its visible text plus the attribute text that search results and assistive
 * technology show (meta descriptions, Open Graph, alt, aria-label), entities decoded. Scripts
 * (JSON-LD included: see jsonLd()) and styles are left out. One line per block of text, spaces
 * collapsed; `mainOnly` keeps the visible text of <main> alone.
 */
export function readableText(html: string, opts: { mainOnly?: boolean } = {}): string {
  let source = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ');
  if (opts.mainOnly) source = /<main\b[\s\S]*<\/main>/i.exec(source)?.[0] ?? '';
  const attributes = opts.mainOnly
    ? []
    : [...source.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) => [...tag[0].matchAll(READ_ATTRIBUTES)].map((m) => m[1]!));
  const visible = source
    .replace(/<head\b[\s\S]*?<\/head>/i, (head) => /<title>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? '')
    .replace(BLOCK, '\n')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities([...attributes, visible].join('\n'))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The sentences of a text (readableText), each block's last run counted as one. */
export const sentences = (text: string) =>
  text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9“"‘'$])/))
    .map((s) => s.trim())
    .filter(Boolean);

/** Every JSON-LD block of the page, parsed. */
export function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => JSON.parse(m[1]!) as unknown,
  );
}
