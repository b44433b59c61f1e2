// /api/admin/export/{orders,messages,customers,subscriptions,audit,invoices,payments}.csv (src/features/admin/csv).
import { getExport } from '#features/admin/csv/export-route.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = getExport;
export const ALL = methodNotAllowed('GET');
