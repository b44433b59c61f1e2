import { eq } from 'drizzle-orm';
import { contactMessageId } from '../paths.ts';
import { build } from '#server/db/index.ts';
import { contactMessages } from '#server/db/schema.ts';
import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import { forgetDashboardStats } from '#features/admin/dashboard/queries.server.ts';
import { DASHBOARD } from '#features/admin/dashboard/copy.ts';

const dashboard = (notice: string) => landing('/admin#leads', notice);

/**
 * POST /api/admin/messages/{id}/handled (no body): an admin has dealt with a lead. Stamps who
 * and when, with its audit entry in the same commit. Marking a handled message again changes
 * nothing and is not audited again (200 with the first stamp), so a double click or a stale tab
 * is harmless. A plain form lands back on the dashboard's leads.
 */
export const postMessageHandled = defineMutation({
  access: 'admin',
  schema: null,
  formFailure: (code) => dashboard(code === 'not-found' ? 'message-not-found' : 'error'),
  async handle({ context, user, database, audit, commit }) {
    const parsed = contactMessageId.safeParse(context.params.id);
    if (!parsed.success) return fail(404, DASHBOARD.messageNotFound, 'not-found');
    const id = parsed.data;
    const [row] = await database.db
      .select({ handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    if (!row) return fail(404, DASHBOARD.messageNotFound, 'not-found');
    if (row.handledAt) return done(dashboard('message-handled'), 200, { id, handledAt: row.handledAt.toISOString() });

    const handledAt = new Date();
    await commit([
      build.update(contactMessages).set({ handledAt, handledBy: user.id }).where(eq(contactMessages.id, id)),
      audit({
        action: 'contact.handled',
        entityType: 'contact_message',
        entityId: id,
        before: { handledAt: null },
        after: { handledAt: handledAt.toISOString() },
      }),
    ]);
    forgetDashboardStats();
    return done(dashboard('message-handled'), 200, { id, handledAt: handledAt.toISOString() });
  },
});
