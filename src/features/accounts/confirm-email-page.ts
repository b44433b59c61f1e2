import type { AstroGlobal } from 'astro';
import { getDatabase } from '../../server/db/index.ts';
import { clientAddress } from '../../server/http/client-address.ts';
import { PROFILE } from './messages.ts';
import { confirmEmailChange } from './profile.server.ts';

export type ConfirmEmailPageState = { ok: true; email: string } | { ok: false; message: string };

const PROBLEMS = {
  invalid: PROFILE.emailChangeInvalid,
  expired: PROFILE.emailChangeExpired,
  used: PROFILE.emailChangeUsed,
  taken: PROFILE.emailChangeTaken,
} as const;

/**
 * What /confirm-email?token=… shows, after making the change: opening the link is the proof
 * that the address is theirs. Only a GET uses the link: a HEAD (link checkers) just renders.
 * The token is in the page's URL, so it must not travel on to other sites in a Referer.
 */
export async function confirmEmailPageState(
  Astro: Pick<AstroGlobal, 'request' | 'url' | 'response' | 'locals' | 'clientAddress'>,
): Promise<ConfirmEmailPageState> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const token = Astro.url.searchParams.get('token');
  if (!token || Astro.request.method !== 'GET') return { ok: false, message: PROBLEMS.invalid };
  const result = await confirmEmailChange(await getDatabase(), token, Date.now(), { ip: clientAddress(Astro) });
  return result.ok ? result : { ok: false, message: PROBLEMS[result.reason] };
}
