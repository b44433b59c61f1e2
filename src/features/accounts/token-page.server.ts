import type { AstroGlobal } from 'astro';
import { getDatabase } from '#server/db/index.ts';
import { checkAccountToken, type TokenPurpose } from './account-links.server.ts';
import { AUTH } from './copy.ts';
import { findUserById } from './users.server.ts';

export type TokenPageState =
  { kind: 'form'; token: string; email: string } | { kind: 'problem'; message: string } | { kind: 'request' };

const PROBLEMS = { invalid: AUTH.tokenInvalid, expired: AUTH.tokenExpired, used: AUTH.tokenUsed } as const;

/**
 * What a token page shows: the password form for a valid link, a clear problem for an
 * invalid, expired or used one, or the "send me a link" form when there is no token.
 * Token pages never leak their URL to other sites.
 */
export async function tokenPageState(Astro: AstroGlobal, purpose: TokenPurpose): Promise<TokenPageState> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const token = Astro.url.searchParams.get('token');
  if (!token) return { kind: 'request' };
  const database = await getDatabase();
  const check = await checkAccountToken(database.db, token, purpose);
  if (check.status !== 'valid') return { kind: 'problem', message: PROBLEMS[check.status] };
  const user = await findUserById(database.db, check.userId);
  return user ? { kind: 'form', token, email: user.email } : { kind: 'problem', message: AUTH.tokenInvalid };
}
