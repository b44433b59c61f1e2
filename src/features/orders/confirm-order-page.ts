import type { AstroGlobal } from 'astro';
import { formatPrice } from '../../data/pricing.ts';
import { getDatabase } from '../../server/db/index.ts';
import { heldOrderLinkState } from './held-orders.ts';
import { HELD_ORDER } from './messages.ts';

export type ConfirmOrderPageState =
  | { kind: 'done' }
  | { kind: 'button'; token: string; number: string; total: string }
  | { kind: 'notice'; message: string }
  | { kind: 'problem'; message: string };

const PROBLEMS: ReadonlyMap<string, string> = new Map([
  ['invalid', HELD_ORDER.invalid],
  ['expired', HELD_ORDER.expired],
  ['used', HELD_ORDER.used],
]);

/**
 * What /confirm-order?token=… shows: the order's number and total and a button that POSTs to
 * /api/orders/confirm. Opening the link (GET or HEAD, as mail scanners do) confirms nothing.
 */
export async function confirmOrderPageState(
  Astro: Pick<AstroGlobal, 'url' | 'response'>,
): Promise<ConfirmOrderPageState> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const params = Astro.url.searchParams;
  if (params.get('done') === '1') return { kind: 'done' };
  const failed = PROBLEMS.get(params.get('error') ?? '');
  if (failed) return { kind: 'problem', message: failed };
  const token = params.get('token');
  const state = await heldOrderLinkState(await getDatabase(), token);
  if (!state.ok || !token) return { kind: 'problem', message: PROBLEMS.get(state.ok ? 'invalid' : state.reason) ?? '' };
  if (state.confirmed) return { kind: 'notice', message: HELD_ORDER.alreadyConfirmed };
  return { kind: 'button', token, number: state.number, total: formatPrice(state.totalCents) };
}
