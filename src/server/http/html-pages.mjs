// @ts-check
/**
 * Prerendered HTML pages, served from memory. The footer's copyright year is rewritten
 * to the current year at request time (a page built last December must not say last
 * year), and each (page, year, encoding) is compressed once and cached.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const YEAR_SPAN = /(<span class="copyright-year">)\d{4}(<\/span>)/g;
/** The signed-out account link (src/components/layout/AccountLink.astro), swapped when a session cookie is sent. */
const ACCOUNT_LINK = /<a data-account-link href="\/auth"([^>]*)>\s*Log in\s*<\/a>/g;
const SIGNED_IN_LINK = '<a data-account-link href="/account"$1>My account</a>';

/**
 * The page as this visitor sees it: this year in the footer, and 'My account' instead of
 * 'Log in' when the request carries a session cookie (validity is checked where it matters).
 * @param {string} html
 * @param {{ year: number, signedIn: boolean }} view
 */
export function personalize(html, { year, signedIn }) {
  const dated = html.replace(YEAR_SPAN, `$1${year}$2`);
  return signedIn ? dated.replace(ACCOUNT_LINK, SIGNED_IN_LINK) : dated;
}

/** true when a `session` cookie is present. @param {string | undefined} cookieHeader */
export const hasSessionCookie = (cookieHeader) => /(?:^|;\s*)session=[^;\s]/.test(cookieHeader ?? '');

/** @typedef {'br' | 'gzip' | 'identity'} Encoding */
/** @typedef {{ route: string, html: string }} HtmlPage */
/** @typedef {{ body: Buffer, etag: string, encoding: Encoding }} PageVariant */

/** '/about' for about/index.html, '/' for index.html, '/404' for 404.html. @param {string} file */
export function routeForFile(file) {
  const path = file.split(sep).join('/');
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'/index.html'.length)}`;
  return `/${path.slice(0, -'.html'.length)}`;
}

/**
 * The best encoding the client accepts, preferring brotli.
 * @param {string | undefined} header Accept-Encoding
 * @returns {Encoding}
 */
export function negotiateEncoding(header) {
  if (!header) return 'identity';
  /** @type {Map<string, number>} */
  const accepted = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (/** @type {string} */ name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export class HtmlPages {
  /** @type {Map<string, HtmlPage>} */
  #pages = new Map();
  /** @type {Map<string, PageVariant>} */
  #variants = new Map();

  /** @param {string} clientDir dist/client */
  static async load(clientDir) {
    const pages = new HtmlPages();
    const files = await readdir(clientDir, { recursive: true });
    for (const file of files) {
      if (!file.endsWith('.html')) continue;
      const route = routeForFile(relative(clientDir, join(clientDir, file)));
      pages.#pages.set(route, { route, html: await readFile(join(clientDir, file), 'utf8') });
    }
    return pages;
  }

  /** @param {string} route */
  get(route) {
    return this.#pages.get(route);
  }

  get size() {
    return this.#pages.size;
  }

  /**
   * @param {HtmlPage} page
   * @param {Encoding} encoding
   * @param {number} year
   * @param {boolean} [signedIn]
   * @returns {PageVariant}
   */
  variant(page, encoding, year, signedIn = false) {
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
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}-${encoding}"`;
    const variant = { body, etag, encoding };
    this.#variants.set(key, variant);
    return variant;
  }
}
