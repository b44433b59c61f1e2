import { API_ERRORS } from '../../lib/messages';
import type { RateLimitResult } from '../security/rate-limit';
import { jsonError, seeOther } from './responses';

/** 429 with Retry-After, or for a plain form post a 303 to `formLocation`. */
export function tooMany(limit: Extract<RateLimitResult, { ok: false }>, formLocation: string | null) {
  if (formLocation) return seeOther(formLocation);
  return jsonError(429, API_ERRORS.rateLimited, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
}

/** `path?name=value` keeping existing query parameters. */
export function withParam(path: string, name: string, value: string) {
  const url = new URL(path, 'http://localhost');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
