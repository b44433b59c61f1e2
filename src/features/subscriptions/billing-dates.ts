/**
 * Billing dates of a monthly (or yearly) subscription, for what the customer is told before
 * canceling: when the cancellation takes effect, and the last date they will be billed.
 */
export const DAY_MS = 24 * 60 * 60_000;

/** `date` plus `n` calendar months, kept on the same day where the month has it (Jan 31 → Feb 28). */
export function addMonths(date: Date, n: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The last billing date strictly before `cancelAt`: billing repeats every interval from
 * `anchor` (the current period's end when the provider reports one, else when the plan
 * started). null when nothing is billed before the end.
 */
export function lastBillingDate(anchor: Date, interval: 'month' | 'year', cancelAt: Date, from: Date): Date | null {
  const step = interval === 'year' ? 12 : 1;
  const at = (k: number) => addMonths(anchor, k * step);
  // The first billing date at or after `from`, then every one before the end.
  let k = 0;
  while (at(k - 1).getTime() >= from.getTime()) k--;
  while (at(k).getTime() < from.getTime()) k++;
  let last: Date | null = null;
  for (; at(k).getTime() < cancelAt.getTime(); k++) last = at(k);
  return last;
}

/** The first billing date strictly after `from`, billing every interval from `anchor`. */
export function nextBillingDate(anchor: Date, interval: 'month' | 'year', from: Date): Date {
  const step = interval === 'year' ? 12 : 1;
  const at = (k: number) => addMonths(anchor, k * step);
  let k = 0;
  while (at(k - 1).getTime() > from.getTime()) k--;
  while (at(k).getTime() <= from.getTime()) k++;
  return at(k);
}
