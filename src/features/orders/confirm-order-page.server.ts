import type { AstroGlobal } from 'astro';
import { formatPrice } from '#data/pricing.ts';
import { getDatabase } from '#server/db/index.ts';
import { type LinkPageOutcome, linkPageState } from '#server/http/link-page.ts';
import { heldOrderLinkState } from './held-orders.server.ts';
import { HELD_ORDER } from './copy.ts';

export type ConfirmOrderPageState =
  | LinkPageOutcome
  | { kind: 'button'; token: string; number: string; total: string }
  | { kind: 'notice'; message: string };

const PROBLEMS = { invalid: HELD_ORDER.invalid, expired: HELD_ORDER.expired, used: HELD_ORDER.used };

/**
 * What /confirm-order?token=… shows: the order's number and total and a button that POSTs to
 * /api/orders/confirm, or a notice when it was already confirmed.
 */
export function confirmOrderPageState(
  Astro: Pick<AstroGlobal, 'url' | 'response' | 'cookies'>,
): Promise<ConfirmOrderPageState> {
  return linkPageState<Exclude<ConfirmOrderPageState, LinkPageOutcome>>(Astro, PROBLEMS, async (token) => {
    const state = await heldOrderLinkState(await getDatabase(), token);
    if (!state.ok) return { problem: state.reason };
    if (state.confirmed) return { kind: 'notice', message: HELD_ORDER.alreadyConfirmed };
    return { kind: 'button', token, number: state.number, total: formatPrice(state.totalCents) };
  });
}
