/**
 * Pages rendered on demand (/checkout, /account, /admin, ...), rewritten on their way out:
 * - the inline stylesheet Astro puts in every page is swapped for the route's pruned copy,
 *   computed at build time by scripts/on-demand-css.ts (<dist>/on-demand-css.json) from every
 *   module the route can render, so no state of the page loses a rule. The whole stylesheet is
 *   44 KB; with it, the page needs a second round trip on a phone (LCP over 1 s);
 * - the Content-Security-Policy keeps only the hashes of the inline scripts and styles the page
 *   has (Astro's runtime policy lists every hash the site uses: 2 KB of header), as the build
 *   does for prerendered pages (scripts/critical-css.ts, pageCsp). Never weaker: a hash is kept
 *   only if Astro's policy had it (a script in rendered data never becomes allowed), the pruned
 *   stylesheet is allowed only in place of one Astro allowed, other sources stay as they were.
 * Without the JSON file (an older build) pages keep Astro's stylesheet; the CSP is still trimmed.
 * The page is handled as bytes (no decoding): about 0.05 ms per render.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const ON_DEMAND_CSS_FILE = 'on-demand-css.json';
const VERSION = 2;

/** Script types a browser runs; any other type (application/ld+json) is a data block CSP ignores. */
const EXECUTABLE_SCRIPT = /^(?:|module|(?:text|application)\/(?:java|ecma)script)$/i;
const HASH_SOURCE = /^'sha(?:256|384|512)-[^']*'$/;

/** 'sha256-<base64>' of an inline element's text (its UTF-8 bytes), as CSP spells it, quoted. */
const hashSource = (text: string | Uint8Array) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

interface Element {
  /** The whole open tag, `<script type="module">`. */
  open: string;
  /** Byte offsets of the text between the tags, and of the end of the close tag. */
  start: number;
  end: number;
  close: number;
}

/** Each `<name ...>text</name>` in the page (lower-case tags, as Astro writes them). */
function* elements(html: Buffer, name: 'script' | 'style'): Generator<Element> {
  const openTag = `<${name}`;
  const closeTag = `</${name}>`;
  let at = html.indexOf(openTag);
  while (at !== -1) {
    const next = html[at + openTag.length];
    const tagEnd = html.indexOf('>', at);
    // `<scripts` or `<style-x` is another tag.
    if (tagEnd === -1) return;
    if (next !== 0x3e && next !== 0x20 && next !== 0x09 && next !== 0x0a && next !== 0x0d && next !== 0x2f) {
      at = html.indexOf(openTag, at + 1);
      continue;
    }
    const end = html.indexOf(closeTag, tagEnd + 1);
    if (end === -1) return;
    yield { open: html.toString('latin1', at, tagEnd + 1), start: tagEnd + 1, end, close: end + closeTag.length };
    at = html.indexOf(openTag, end + closeTag.length);
  }
}

/** An inline text whose hash source is already known (the pruned stylesheet, hashed at start-up). */
export interface KnownHash {
  text: Buffer;
  hash: string;
}

/** `text`'s hash source: a known one when the bytes are the same (a compare costs far less than SHA-256). */
const hashOf = (text: Buffer, known: readonly KnownHash[]) =>
  known.find((k) => k.text.length === text.length && k.text.equals(text))?.hash ?? hashSource(text);

/** The CSP hash sources of the inline scripts and styles a page has. */
export function inlineHashes(
  page: string | Buffer,
  known: readonly KnownHash[] = [],
): { scripts: string[]; styles: string[] } {
  const html = typeof page === 'string' ? Buffer.from(page) : page;
  const scripts = new Set<string>();
  for (const { open, start, end } of elements(html, 'script')) {
    if (/\bsrc\s*=/i.test(open)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(open)?.[1] ?? '';
    if (EXECUTABLE_SCRIPT.test(type)) scripts.add(hashSource(html.subarray(start, end)));
  }
  const styles = new Set<string>();
  for (const { start, end } of elements(html, 'style')) styles.add(hashOf(html.subarray(start, end), known));
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The policy with script-src and style-src narrowed to the hashes of the inline scripts and
 * styles this page has. A hash is kept only if Astro's policy already allowed it (markup the page
 * renders from data can never add an allowed script); `added` are the hashes of what the server
 * itself put in place of an allowed element (the pruned stylesheet).
 */
export function pageCsp(
  csp: string,
  page: string | Buffer | { scripts: string[]; styles: string[] },
  added: { styles?: string[] } = {},
): string {
  const own = typeof page === 'string' || Buffer.isBuffer(page) ? inlineHashes(page) : page;
  return csp
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const present = name === 'script-src' ? own.scripts : name === 'style-src' ? own.styles : null;
      if (!present) return directive;
      const extra = name === 'style-src' ? (added.styles ?? []).filter((h) => present.includes(h)) : [];
      const kept = sources.filter((s) => !HASH_SOURCE.test(s) || present.includes(s));
      const lead = /^\s*/.exec(directive)?.[0] ?? '';
      return `${lead}${[name, ...new Set([...kept, ...extra])].join(' ')}`;
    })
    .join(';');
}

/** A stylesheet Astro inlines and the route's pruned copy of it. */
interface Swap {
  original: Buffer;
  /** Its hash source, as Astro's policy lists it. */
  originalHash: string;
  pruned: Buffer;
  prunedHash: string;
}

interface RouteStyles {
  pattern: RegExp;
  /** Stylesheet byte length -> swaps; null: not a page rendered on demand. */
  swaps: Map<number, Swap[]> | null;
}

export class OnDemandPages {
  #routes: RouteStyles[];

  /** `routes` in Astro's matching order: pattern, and original stylesheet -> pruned copy for on-demand pages. */
  constructor(routes: { pattern: RegExp; styles: Map<string, string> | null }[] = []) {
    this.#routes = routes.map(({ pattern, styles }) => {
      if (!styles) return { pattern, swaps: null };
      const swaps = new Map<number, Swap[]>();
      for (const [css, copy] of styles) {
        const original = Buffer.from(css);
        const pruned = Buffer.from(copy);
        const list = swaps.get(original.length) ?? [];
        list.push({ original, originalHash: hashSource(original), pruned, prunedHash: hashSource(pruned) });
        swaps.set(original.length, list);
      }
      return { pattern, swaps };
    });
  }

  /** <distDir>/on-demand-css.json, or no pruned styles when it is missing or of another version. */
  static async load(distDir: string): Promise<OnDemandPages> {
    const json = await readFile(join(distDir, ON_DEMAND_CSS_FILE), 'utf8').catch(() => null);
    if (!json) return new OnDemandPages();
    const data = JSON.parse(json) as {
      version: number;
      sheets: Record<string, string>;
      routes: { pattern: string; styles: Record<string, string> | null }[];
    };
    if (data.version !== VERSION) return new OnDemandPages();
    return new OnDemandPages(
      data.routes.map((r) => ({
        pattern: new RegExp(r.pattern),
        styles: r.styles
          ? new Map(
              Object.entries(r.styles).flatMap(([hash, pruned]) => {
                const original = data.sheets[hash];
                return original === undefined ? [] : [[original, pruned] as const];
              }),
            )
          : null,
      })),
    );
  }

  /** The swaps of the route Astro serves at `pathname` (the first pattern that matches, as Astro's). */
  #swapsFor(pathname: string): Map<number, Swap[]> | undefined {
    return this.#routes.find((r) => r.pattern.test(pathname))?.swaps ?? undefined;
  }

  /**
   * The page with its route's pruned stylesheet (only a stylesheet the build saw, compared byte
   * for byte), and for each swap, the original's hash source and the pruned copy's.
   */
  rewrite(page: string | Buffer, pathname: string): { html: Buffer; swapped: Map<string, string>; known: KnownHash[] } {
    const html = typeof page === 'string' ? Buffer.from(page) : page;
    const swapped = new Map<string, string>();
    const known: KnownHash[] = [];
    const swaps = this.#swapsFor(pathname);
    if (!swaps?.size) return { html, swapped, known };
    const parts: Buffer[] = [];
    let last = 0;
    for (const { start, end } of elements(html, 'style')) {
      const css = html.subarray(start, end);
      const swap = swaps.get(css.length)?.find((s) => s.original.equals(css));
      if (!swap) continue;
      parts.push(html.subarray(last, start), swap.pruned);
      last = end;
      swapped.set(swap.originalHash, swap.prunedHash);
      known.push({ text: swap.pruned, hash: swap.prunedHash });
    }
    if (parts.length === 0) return { html, swapped, known };
    parts.push(html.subarray(last));
    return { html: Buffer.concat(parts), swapped, known };
  }

  /** The page as sent: pruned stylesheet, and `csp` (Astro's policy) narrowed to what it has. */
  render(page: string | Buffer, pathname: string, csp: string | undefined): { html: Buffer; csp: string | undefined } {
    const { html, swapped, known } = this.rewrite(page, pathname);
    if (csp === undefined) return { html, csp };
    // A pruned copy is allowed where the policy allowed the stylesheet it replaces.
    const styles = [...swapped].filter(([original]) => csp.includes(original)).map(([, pruned]) => pruned);
    return { html, csp: pageCsp(csp, inlineHashes(html, known), { styles }) };
  }
}

/**
 * Hold back an HTML response (text/html, not yet encoded) written to `res` by Astro's handler,
 * and send it once complete, as `render` makes it from the page and its CSP header. Other
 * responses pass through untouched. Call it after any middleware that wraps `res` itself
 * (compression): what this sends then goes through that middleware.
 */
export function rewriteHtmlResponse(
  res: ServerResponse,
  render: (html: Buffer, csp: string | undefined) => { html: Buffer; csp: string | undefined },
): void {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  const chunks: Buffer[] = [];
  let status = 200;
  let held = false;
  const restore = () => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
  };

  res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as
      OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    const reason = rest.find((r) => typeof r === 'string') as string | undefined;
    if (reason) res.statusMessage = reason;
    if (headers && !Array.isArray(headers)) {
      for (const [key, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(key, value);
    } else if (Array.isArray(headers)) {
      restore();
      return writeHead.call(res, code, ...(rest as []));
    }
    const type = String(res.getHeader('content-type') ?? '');
    // Already encoded (a prerendered page sent from memory, e.g. the 404 page): not ours to touch.
    if (!/^text\/html\b/i.test(type) || res.hasHeader('content-encoding')) {
      restore();
      return writeHead.call(res, code);
    }
    held = true;
    status = code;
    return res;
  } as typeof res.writeHead;

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!held) return (write as (...args: unknown[]) => boolean).call(res, chunk, ...rest);
    chunks.push(toBuffer(chunk, rest[0]));
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as typeof res.write;

  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (!held) return (end as (...args: unknown[]) => ServerResponse).call(res, chunk, ...rest);
    const callback = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    restore();
    const header = res.getHeader('content-security-policy');
    const { html: body, csp } = render(Buffer.concat(chunks), typeof header === 'string' ? header : undefined);
    if (csp !== undefined) res.setHeader('Content-Security-Policy', csp);
    if (res.hasHeader('content-length')) res.setHeader('Content-Length', body.length);
    writeHead.call(res, status);
    return (end as (...args: unknown[]) => ServerResponse).call(res, body, ...(callback ? [callback] : []));
  } as typeof res.end;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}
