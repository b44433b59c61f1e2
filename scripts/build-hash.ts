/**
 * The post-build's one hash module (scripts/post-build.ts): how CSP names inline code, and the
 * keys of the post-build's caches. A cache key covers the code that computed the entry, read
 * from its source files, so editing that code (or upgrading what it reaches into) can never
 * serve a stale entry, and there is no version constant to remember to bump.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** 'sha256-<base64>' of an inline element's text (its UTF-8 bytes), as CSP spells it, without quotes. */
export const sha256Source = (text: string | Uint8Array): string =>
  `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The same source quoted, as it stands in a policy: `'sha256-…'`. */
export const cspHash = (text: string | Uint8Array): string => `'${sha256Source(text)}'`;

/** A hex key over every part, in order (parts are separated, so ['ab', 'c'] and ['a', 'bc'] differ). */
export function contentKey(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest('hex');
}

/** A key over the contents of `files` (paths or file URLs): the identity of the code they hold. */
export function sourceKey(files: readonly (string | URL)[]): string {
  return contentKey(...files.map((file) => readFileSync(file)));
}
