/**
 * The thread's notice after a plain form post. The pages the thread sits on may read the
 * form-outcome cookie first (it reads once per request), so the thread looks at the cookie the
 * request came with, and shows only codes of its own (a crafted one finds nothing).
 */
import type { AstroCookies } from 'astro';
import { takeFormOutcome } from '#server/http/form-outcome.ts';
import { MESSAGE_NOTICES } from './copy.ts';

const COOKIE = /(?:^|;\s*)form_outcome=([^;]+)/;

function incomingNotice(request: Request): string | null {
  const value = COOKIE.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8'));
    const notice = parsed && typeof parsed === 'object' && 'notice' in parsed ? parsed.notice : null;
    return typeof notice === 'string' ? notice : null;
  } catch {
    return null;
  }
}

/** The thread's notice for this request, if the last form post was the thread's (and then it is used up). */
export function threadNotice(request: Request, cookies: AstroCookies, secure: boolean) {
  const notice = MESSAGE_NOTICES.get(incomingNotice(request) ?? '');
  if (notice) takeFormOutcome(cookies, secure);
  return notice ?? null;
}
