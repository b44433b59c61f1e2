/**
 * The dashboard's counts that stand for a list, with the link to that list: the page shows each
 * count as a link, and a test walks each link's list to check the count is what the list holds
 * (a figure the admin cannot open and check is how '0 intakes waiting' once sat beside one).
 */
import { LEAD_STAGES, ORDER_STATUSES, type OrderStatus } from '#server/db/schema.ts';
import { LEAD_STAGE_LABELS } from '#features/leads/copy.ts';
import { ORDER_STATUS_LABELS } from '#features/lifecycle/moves.ts';
import type { DashboardStats } from './queries.server.ts';

export interface ListFigure {
  label: string;
  /** How many rows the linked list holds. */
  count: number;
  href: string;
}

const ordersWith = (status: OrderStatus) => `/admin/orders?status=${status}`;

export const leadFigures = (stats: DashboardStats): ListFigure[] => [
  { label: 'Not handled yet', count: stats.leads.open, href: '/admin/messages?state=open' },
];

export const leadStageFigures = (stats: DashboardStats): ListFigure[] =>
  LEAD_STAGES.map((stage) => ({
    label: LEAD_STAGE_LABELS[stage],
    count: stats.leadStages.byStage[stage],
    href: `/admin/leads?stage=${stage}`,
  }));

export const orderFigures = (stats: DashboardStats): ListFigure[] => [
  { label: 'Orders in all', count: stats.ordersTotal, href: '/admin/orders' },
  // Paid with the intake in and design not started: the orders at 'Intake received'.
  { label: 'Intakes waiting for work', count: stats.intakesWaiting, href: ordersWith('intake_received') },
];

export const statusFigures = (stats: DashboardStats): ListFigure[] =>
  ORDER_STATUSES.map((status) => ({
    label: ORDER_STATUS_LABELS[status],
    count: stats.ordersByStatus[status],
    href: ordersWith(status),
  }));

export const invoiceFigures = (stats: DashboardStats): ListFigure[] => [
  { label: 'open', count: stats.invoices.openCount, href: '/admin/invoices?state=open' },
  { label: 'overdue', count: stats.invoices.overdueCount, href: '/admin/invoices?state=overdue' },
];

export const subscriptionFigures = (stats: DashboardStats): ListFigure[] => [
  { label: 'Active subscriptions', count: stats.activeSubscriptions, href: '/admin/subscriptions?status=active' },
];
