/**
 * The weekly chart's geometry, computed on the server: plain numbers for an inline SVG, so the
 * dashboard ships no chart library and no JavaScript. Two rows of bars share the week axis:
 * orders on top, revenue below, each scaled to its own maximum.
 */
import type { WeekPoint } from './queries.server.ts';

export const CHART = { width: 640, rowHeight: 90, labelHeight: 18, gap: 28, barGap: 6 } as const;

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  height: number;
  orders: Bar[];
  revenue: Bar[];
  /** Where each row's bars stand (the baseline's y). */
  ordersBaseline: number;
  revenueBaseline: number;
  maxOrders: number;
  maxRevenueCents: number;
}

function row(values: number[], top: number): { bars: Bar[]; baseline: number; max: number } {
  const max = Math.max(0, ...values);
  const slot = CHART.width / Math.max(1, values.length);
  const baseline = top + CHART.labelHeight + CHART.rowHeight;
  const bars = values.map((value, i) => {
    // A week with something in it stays visible (at least 2 px); an empty week has no bar, nor
    // one whose refunds outweighed its payments (the table below gives its negative figure).
    const height = max === 0 || value <= 0 ? 0 : Math.max(2, Math.round((value / max) * CHART.rowHeight));
    return {
      x: Math.round(i * slot + CHART.barGap / 2),
      y: baseline - height,
      width: Math.round(slot - CHART.barGap),
      height,
    };
  });
  return { bars, baseline, max };
}

export function chartGeometry(weeks: readonly WeekPoint[]): ChartGeometry {
  const orders = row(
    weeks.map((w) => w.orders),
    0,
  );
  const revenue = row(
    weeks.map((w) => w.revenueCents),
    orders.baseline + CHART.gap,
  );
  return {
    height: revenue.baseline + 2,
    orders: orders.bars,
    revenue: revenue.bars,
    ordersBaseline: orders.baseline,
    revenueBaseline: revenue.baseline,
    maxOrders: orders.max,
    maxRevenueCents: revenue.max,
  };
}
