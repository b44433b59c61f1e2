import type { AstroGlobal } from 'astro';
import { AUTH } from '../../lib/messages';
import { checkAccountToken, type TokenPurpose } from './account-tokens.mjs';
import { getDatabase } from '../db';

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
  const check = await checkAccountToken(database.client, token, purpose);
  if (check.status !== 'valid') return { kind: 'problem', message: PROBLEMS[check.status] };
  const { rows } = await database.client.execute({ sql: 'SELECT email FROM users WHERE id = ?', args: [check.userId] });
  return rows[0]
    ? { kind: 'form', token, email: String(rows[0].email) }
    : { kind: 'problem', message: AUTH.tokenInvalid };
}
