/**
 * Prerendered HTML pages, served from memory. The footer's copyright year is rewritten
 * to the current year at request time (a page built last December must not say last
 * year), and each (page, year, encoding) is compressed once and cached.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { getStarted } from '#data/navigation.ts';

const YEAR_SPAN = /(<span class="copyright-year">)\d{4}(<\/span>)/g;
/** The signed-out account link (src/features/accounts/components/AccountLink.astro), swapped when a session cookie is sent. */
const ACCOUNT_LINK = /<a data-account-link href="\/auth"([^>]*)>\s*Log in\s*<\/a>/g;
const SIGNED_IN_LINK = '<a data-account-link href="/account"$1>My account</a>';

/** The site header (src/components/layout/SiteHeader.astro) and its 'Get Started' buttons, desktop and menu. */
const SITE_HEADER = /<header class="site-header[\s\S]*?<\/header>/;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const GET_STARTED = new RegExp(
  `<a href="${escaped(getStarted.href)}" class="btn-primary[^"]*">\\s*${escaped(getStarted.label)}\\s*</a>`,
  'g',
);

/**
 * The page as this visitor sees it: this year in the footer, and when the request carries a
 * session cookie (validity is checked where it matters), 'My account' instead of 'Log in' and no
 * 'Get Started' in the header (a customer has started; on-demand pages leave it out themselves).
 */
export function personalize(html: string, { year, signedIn }: { year: number; signedIn: boolean }): string {
  const dated = html.replace(YEAR_SPAN, `$1${year}$2`);
  if (!signedIn) return dated;
  return dated.replace(ACCOUNT_LINK, SIGNED_IN_LINK).replace(SITE_HEADER, (header) => header.replace(GET_STARTED, ''));
}

/** true when a `session` cookie is present. */
export const hasSessionCookie = (cookieHeader: string | undefined) =>
  /(?:^|;\s*)session=[^;\s]/.test(cookieHeader ?? '');

export type Encoding = 'br' | 'gzip' | 'identity';
export interface HtmlPage {
  route: string;
  html: string;
}
export interface PageVariant {
  body: Buffer;
  etag: string;
  encoding: Encoding;
  contentType: string;
}

/**
 * Every HTML response names its charset in the header, though each page also declares it in a
 * `<meta>`: the header is what ASVS 4.1.1 checks, and it never gives way to the first round trip.
 */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** '/about' for about/index.html, '/' for index.html, '/404' for 404.html. */
export function routeForFile(file: string): string {
  const path = file.split(sep).join('/');
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'/index.html'.length)}`;
  return `/${path.slice(0, -'.html'.length)}`;
}

/** The best encoding the client accepts (Accept-Encoding), preferring brotli. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export class HtmlPages {
  #pages = new Map<string, HtmlPage>();
  #variants = new Map<string, PageVariant>();

  /** Every .html file under `clientDir` (dist/client). */
  static async load(clientDir: string): Promise<HtmlPages> {
    const pages = new HtmlPages();
    const files = await readdir(clientDir, { recursive: true });
    for (const file of files) {
      if (!file.endsWith('.html')) continue;
      const route = routeForFile(relative(clientDir, join(clientDir, file)));
      pages.#pages.set(route, { route, html: await readFile(join(clientDir, file), 'utf8') });
    }
    return pages;
  }

  get(route: string): HtmlPage | undefined {
    return this.#pages.get(route);
  }

  get size() {
    return this.#pages.size;
  }

  variant(page: HtmlPage, encoding: Encoding, year: number, signedIn = false): PageVariant {
    const key = `${page.route}\0${encoding}\0${signedIn}\0${year}`;
    const cached = this.#variants.get(key);
    if (cached) return cached;
    // A new year makes every older variant stale: drop them rather than grow forever.
    if (![...this.#variants.keys()].every((k) => k.endsWith(`\0${year}`))) this.#variants.clear();
    const html = Buffer.from(personalize(page.html, { year, signedIn }));
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
          })
        : encoding === 'gzip'
          ? gzipSync(html, { level: 9 })
          : html;
    // 48 bits tell one version of a page from the next; every byte is in the first round trip.
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 8)}-${encoding}"`;
    const variant: PageVariant = { body, etag, encoding, contentType: HTML_CONTENT_TYPE };
    this.#variants.set(key, variant);
    return variant;
  }
}
