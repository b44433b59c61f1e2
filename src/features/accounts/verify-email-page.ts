import type { AstroGlobal } from 'astro';
import { getDatabase } from '../../server/db/index.ts';
import { verificationLinkState } from './email-verification.server.ts';
import { VERIFY } from './messages.ts';

export type VerifyEmailPageState =
  { kind: 'done' } | { kind: 'button'; token: string; email: string } | { kind: 'problem'; message: string };

const PROBLEMS: ReadonlyMap<string, string> = new Map([
  ['invalid', VERIFY.invalid],
  ['expired', VERIFY.expired],
  ['used', VERIFY.used],
]);

/**
 * What /verify-email?token=… shows: the address and a button that POSTs to /api/email/verify.
 * Opening the link (GET or HEAD, as mail scanners do) uses nothing up.
 */
export async function verifyEmailPageState(
  Astro: Pick<AstroGlobal, 'url' | 'response'>,
): Promise<VerifyEmailPageState> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const params = Astro.url.searchParams;
  if (params.get('done') === '1') return { kind: 'done' };
  const failed = PROBLEMS.get(params.get('error') ?? '');
  if (failed) return { kind: 'problem', message: failed };
  const token = params.get('token');
  const state = await verificationLinkState(await getDatabase(), token);
  if (!state.ok || !token)
    return { kind: 'problem', message: PROBLEMS.get(state.ok ? 'invalid' : state.reason) ?? VERIFY.invalid };
  return { kind: 'button', token, email: state.email };
}
