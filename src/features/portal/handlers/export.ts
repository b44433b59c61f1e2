import { defineRead } from '#server/http/mutation.ts';
import { clientAddress } from '#server/http/client-address.ts';
import { jsonError } from '#server/http/responses.ts';
import { auditStatement } from '#server/security/audit.ts';
import { consumeToken } from '#server/security/rate-limit.ts';
import { accountExport } from '../account-export.server.ts';
import { AUTH_LIMITS } from '#features/accounts/limits.ts';
import { AUTH, PROFILE } from '#features/accounts/copy.ts';

/** 'my-data-2026-11-22.json': the UTC date of `exportedAt` inside the file. */
export const exportFileName = (at: Date) => `my-data-${at.toISOString().slice(0, 10)}.json`;

/**
 * GET /api/account/export: the signed-in user's data as a JSON download, never cached. A GET
 * so that a plain link downloads it; it only reads (plus its audit entry and rate limit).
 */
export const exportOwnData = defineRead({
  access: 'user',
  async handle({ context, user, database }) {
    const limit = await consumeToken(database.writes, AUTH_LIMITS.dataExport, user.id);
    if (!limit.ok) {
      return jsonError(429, PROFILE.exportLimited, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
    }
    const now = Date.now();
    const data = await accountExport(database, user.id, context.locals.session?.id ?? null, now);
    if (!data) return jsonError(401, AUTH.notSignedIn);
    // Recorded before the answer leaves: a download that happened is never missing from the log.
    await database.writes.run([
      auditStatement(
        {
          actorId: user.id,
          action: 'account.export',
          entityType: 'user',
          entityId: user.id,
          ip: clientAddress(context),
        },
        now,
      ),
    ]);
    return new Response(JSON.stringify(data, null, 2), {
      status: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportFileName(new Date(now))}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
});
