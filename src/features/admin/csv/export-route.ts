/**
 * GET /api/admin/export/{kind}.csv: a list as CSV, with the list's own filters (?q=, ?status=…).
 * Admins only, checked twice: the /api/admin prefix guard in middleware, and defineRead here
 * (401 JSON for a visitor, 403 for a customer: never a CSV body). Every export is audited
 * before the first byte goes out, with what was exported and how it was filtered. A date filter
 * that is not a real day answers 400 naming it (dateFilterErrors).
 */
import { defineRead } from '#server/http/mutation.ts';
import { clientAddress } from '#server/http/client-address.ts';
import { notFound } from '#server/http/not-found.ts';
import { auditStatement } from '#server/security/audit.ts';
import { jsonError } from '#server/http/responses.ts';
import { ADMIN_LISTS } from '../copy.ts';
import { dateFilterErrors, isListKind, readFilters } from '../lists/filters.ts';
import { exportCsv } from './export.server.ts';

export const getExport = defineRead({
  access: 'admin',
  handle: async ({ context, user, database }) => {
    const kind = context.params.kind ?? '';
    if (!isListKind(kind)) return notFound();
    // A mistyped day is refused, not dropped: the file would silently cover every date.
    const dateErrors = dateFilterErrors(kind, context.url.searchParams);
    if (dateErrors) return jsonError(400, ADMIN_LISTS.datesInvalid(Object.keys(dateErrors)), { fields: dateErrors });
    const filters = readFilters(kind, context.url.searchParams);
    await database.writes.run([
      auditStatement({
        actorId: user.id,
        ip: clientAddress(context),
        action: 'admin.export',
        entityType: 'export',
        entityId: kind,
        after: { kind, filters },
      }),
    ]);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(exportCsv(database.db, kind, filters), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${kind}-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
