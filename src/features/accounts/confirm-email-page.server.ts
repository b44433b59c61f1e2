import type { AstroGlobal } from 'astro';
import { getDatabase } from '#server/db/index.ts';
import { type LinkPageOutcome, linkPageState } from '#server/http/link-page.ts';
import { checkAccountToken } from './account-links.server.ts';
import { PROFILE } from './copy.ts';
import { findUserById } from './users.server.ts';

export type ConfirmEmailPageState = LinkPageOutcome | { kind: 'button'; token: string; email: string };

const PROBLEMS = {
  invalid: PROFILE.emailChangeInvalid,
  expired: PROFILE.emailChangeExpired,
  used: PROFILE.emailChangeUsed,
  taken: PROFILE.emailChangeTaken,
};

/**
 * What /confirm-email?token=… shows: the new address and a button that POSTs to
 * /api/email/confirm, which makes the change and comes back here saying so (src/server/http/link-page.ts).
 */
export function confirmEmailPageState(
  Astro: Pick<AstroGlobal, 'url' | 'response' | 'cookies'>,
): Promise<ConfirmEmailPageState> {
  return linkPageState<Exclude<ConfirmEmailPageState, LinkPageOutcome>>(Astro, PROBLEMS, async (token) => {
    const database = await getDatabase();
    const check = await checkAccountToken(database.db, token, 'email_change');
    if (check.status !== 'valid') return { problem: check.status };
    const user = await findUserById(database.db, check.userId);
    if (!user?.pendingEmail || user.status !== 'active') return { problem: 'invalid' };
    return { kind: 'button', token, email: user.pendingEmail };
  });
}
