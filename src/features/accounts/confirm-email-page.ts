import type { AstroGlobal } from 'astro';
import { getDatabase } from '../../server/db/index.ts';
import { checkAccountToken } from './account-links.ts';
import { PROFILE } from './messages.ts';
import { findUserById } from './users.ts';

export type ConfirmEmailPageState =
  { kind: 'done' } | { kind: 'button'; token: string; email: string } | { kind: 'problem'; message: string };

const PROBLEMS: ReadonlyMap<string, string> = new Map([
  ['invalid', PROFILE.emailChangeInvalid],
  ['expired', PROFILE.emailChangeExpired],
  ['used', PROFILE.emailChangeUsed],
  ['taken', PROFILE.emailChangeTaken],
]);

/**
 * What /confirm-email?token=… shows. Opening the link changes nothing (mail scanners fetch
 * every link): a valid link shows the new address and a button that POSTs to /api/email/confirm,
 * which makes the change and comes back with ?done=1 (or ?error= for a plain form post).
 * The token is in the page's URL, so it must not travel on to other sites in a Referer.
 */
export async function confirmEmailPageState(
  Astro: Pick<AstroGlobal, 'url' | 'response'>,
): Promise<ConfirmEmailPageState> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const params = Astro.url.searchParams;
  if (params.get('done') === '1') return { kind: 'done' };
  const failed = PROBLEMS.get(params.get('error') ?? '');
  if (failed) return { kind: 'problem', message: failed };
  const token = params.get('token');
  const database = await getDatabase();
  const check = await checkAccountToken(database.db, token, 'email_change');
  if (check.status !== 'valid' || !token) return { kind: 'problem', message: PROBLEMS.get(check.status) ?? '' };
  const user = await findUserById(database.db, check.userId);
  if (!user?.pendingEmail || user.status !== 'active') return { kind: 'problem', message: PROFILE.emailChangeInvalid };
  return { kind: 'button', token, email: user.pendingEmail };
}
