/**
 * How the build is billed: in full at order (the default), or a deposit at order and the balance
 * when the project reaches a stage (approval or launch). The agency chooses it in pricing.ts; an
 * order keeps the schedule it was placed under (orders.deposit_percent, orders.balance_stage), so
 * a later change of pricing never re-bills an order. The maths and the words live here once:
 * every screen and e-mail that tells the schedule calls `scheduleSentence`.
 */
import { formatPrice } from './pricing.ts';

/** The stages a balance can fall due at: the customer's approval of the design, or the launch. */
export const BALANCE_STAGES = ['approved', 'launched'] as const;
export type BalanceStage = (typeof BALANCE_STAGES)[number];

export type PaymentSchedule =
  | { kind: 'in-full' }
  /** `depositPercent` of the build total at order (1-99), the rest when the order reaches `balanceAt`. */
  | { kind: 'deposit'; depositPercent: number; balanceAt: BalanceStage };

export const IN_FULL: PaymentSchedule = { kind: 'in-full' };

const STAGE_WORDS: Readonly<Record<BalanceStage, string>> = { approved: 'approval', launched: 'launch' };

/** 'approval' or 'launch': how every screen names the stage the balance is due at. */
export const stageWord = (stage: BalanceStage) => STAGE_WORDS[stage];

export interface Split {
  /** Billed at order: the whole total when billed in full. */
  depositCents: number;
  /** Billed at the stage: 0 when billed in full. */
  balanceCents: number;
}

/**
 * The build total split by `schedule`, in integer cents: the deposit is the percentage rounded to
 * the nearest cent, the balance is the rest, so deposit + balance is always the total exactly.
 */
export function splitBuild(totalCents: number, schedule: PaymentSchedule): Split {
  if (schedule.kind === 'in-full') return { depositCents: totalCents, balanceCents: 0 };
  const depositCents = Math.round((totalCents * schedule.depositPercent) / 100);
  return { depositCents, balanceCents: totalCents - depositCents };
}

/**
 * The schedule in one sentence, the same on every screen and e-mail: with a total, 'A 50% deposit
 * ($1,900) at order, the balance ($1,900) at approval.'; without one (the pricing page), 'A 50%
 * deposit at order, the balance at approval.'. Billed in full it is null: the screens then read
 * exactly as they did before schedules existed (the price is simply paid at order).
 */
export function scheduleSentence(schedule: PaymentSchedule, totalCents?: number): string | null {
  if (schedule.kind === 'in-full') return null;
  const stage = stageWord(schedule.balanceAt);
  if (totalCents === undefined) return `A ${schedule.depositPercent}% deposit at order, the balance at ${stage}.`;
  const { depositCents, balanceCents } = splitBuild(totalCents, schedule);
  return `A ${schedule.depositPercent}% deposit (${formatPrice(depositCents)}) at order, the balance (${formatPrice(balanceCents)}) at ${stage}.`;
}

/** The line a deposit or balance invoice bills: 'Deposit: 50% of the website build ($3,800)'. */
export function scheduleInvoiceLine(
  schedule: Extract<PaymentSchedule, { kind: 'deposit' }>,
  part: 'deposit' | 'balance',
  totalCents: number,
): string {
  const percent = part === 'deposit' ? schedule.depositPercent : 100 - schedule.depositPercent;
  const what = `${percent}% of the website build (${formatPrice(totalCents)})`;
  return part === 'deposit' ? `Deposit: ${what}` : `Balance: ${what}, due at ${stageWord(schedule.balanceAt)}`;
}

/** An order's stored schedule columns as a schedule (both null: billed in full). */
export function scheduleOf(order: { depositPercent: number | null; balanceStage: string | null }): PaymentSchedule {
  const stage = BALANCE_STAGES.find((s) => s === order.balanceStage);
  if (order.depositPercent === null || !stage) return IN_FULL;
  return { kind: 'deposit', depositPercent: order.depositPercent, balanceAt: stage };
}

/** The columns an order stores for `schedule`. */
export function scheduleColumns(schedule: PaymentSchedule): {
  depositPercent: number | null;
  balanceStage: BalanceStage | null;
} {
  return schedule.kind === 'in-full'
    ? { depositPercent: null, balanceStage: null }
    : { depositPercent: schedule.depositPercent, balanceStage: schedule.balanceAt };
}

/**
 * PAYMENT_SCHEDULE as the build reads it: '' or 'in-full', or '<percent>/<stage>' such as
 * '50/approved' (a whole percent from 1 to 99; stage approved or launched). Anything else throws,
 * naming the variable, so a typo fails the build rather than billing in full silently.
 */
export function parsePaymentSchedule(raw: string | undefined): PaymentSchedule {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'in-full') return IN_FULL;
  const match = /^(\d{1,2})\/(approved|launched)$/.exec(value);
  const percent = match ? Number(match[1]) : 0;
  if (!match || percent < 1 || percent > 99) {
    throw new Error(`PAYMENT_SCHEDULE must be 'in-full' or '<1-99>/<approved|launched>' (e.g. 50/approved); got "${value}".`);
  }
  return { kind: 'deposit', depositPercent: percent, balanceAt: match[2] as BalanceStage };
}
