/**
 * A plan invoice's period, as every place prints it (the invoice page, its PDF and e-mail, the
 * plan invoice mail, the admin's invoice page): 'November 29, 2026 – December 28, 2026'. The
 * stored end is exclusive (the next period starts at that instant), so the last day shown is
 * the Orlando day before it; one formatter, so no two places disagree about that day.
 */
import { formatAgencyDate, formatAgencyDayBefore } from '#lib/dates.ts';

export interface PlanPeriod {
  /** Inclusive. */
  start: Date | number;
  /** Exclusive: when the next period starts. */
  end: Date | number;
}

export const formatPlanPeriod = ({ start, end }: PlanPeriod): string =>
  `${formatAgencyDate(new Date(start))} – ${formatAgencyDayBefore(new Date(end))}`;

/** An invoice's period, when it has one (a plan invoice). */
export const invoicePeriod = (invoice: { periodStart: Date | null; periodEnd: Date | null }): PlanPeriod | null =>
  invoice.periodStart && invoice.periodEnd ? { start: invoice.periodStart, end: invoice.periodEnd } : null;
