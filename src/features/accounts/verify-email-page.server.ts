import type { AstroGlobal } from 'astro';
import { getDatabase } from '#server/db/index.ts';
import { type LinkPageOutcome, linkPageState } from '#server/http/link-page.ts';
import { verificationLinkState } from './email-verification.server.ts';
import { VERIFY } from './copy.ts';

export type VerifyEmailPageState = LinkPageOutcome | { kind: 'button'; token: string; email: string };

const PROBLEMS = { invalid: VERIFY.invalid, expired: VERIFY.expired, used: VERIFY.used };

/** What /verify-email?token=… shows: the address and a button that POSTs to /api/email/verify. */
export function verifyEmailPageState(
  Astro: Pick<AstroGlobal, 'url' | 'response' | 'cookies'>,
): Promise<VerifyEmailPageState> {
  return linkPageState<Exclude<VerifyEmailPageState, LinkPageOutcome>>(Astro, PROBLEMS, async (token) => {
    const state = await verificationLinkState(await getDatabase(), token);
    return state.ok ? { kind: 'button', token, email: state.email } : { problem: state.reason };
  });
}
