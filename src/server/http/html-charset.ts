/**
 * Astro answers its pages with `Content-Type: text/html`, no charset. Every HTML response of ours
 * names it (ASVS 4.1.1: the header, not only the page's `<meta>`), form posts answered with their
 * form included: this wraps the response's writeHead so a bare `text/html` gains `; charset=utf-8`
 * whichever way the type was set (setHeader, or writeHead's headers).
 */
import type { ServerResponse } from 'node:http';

const BARE_HTML = /^\s*text\/html\s*$/i;

const withCharset = (value: unknown) =>
  typeof value === 'string' && BARE_HTML.test(value) ? 'text/html; charset=utf-8' : value;

export function charsetOnHtml(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const fixed = args.map((arg) => {
      if (!arg || typeof arg !== 'object' || Array.isArray(arg)) return arg;
      return Object.fromEntries(
        Object.entries(arg).map(([key, value]) => [
          key,
          key.toLowerCase() === 'content-type' ? withCharset(value) : value,
        ]),
      );
    });
    const current = res.getHeader('content-type');
    if (current !== undefined) res.setHeader('Content-Type', withCharset(current) as string);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, fixed);
  } as typeof res.writeHead;
}
