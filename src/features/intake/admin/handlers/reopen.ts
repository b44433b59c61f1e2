/**
 * POST /api/admin/website-info/{id}/reopen (no body): an admin hands a submitted intake back
 * to the customer, who can then edit and submit it again. reopenIntake writes the change and
 * its audit entry ('intake.reopen') in one transaction.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { intakes } from '#server/db/schema.ts';
import { defineMutation, done, fail, type FailureCode } from '#server/http/mutation.ts';
import { reopenIntake } from '../../intake.server.ts';
import { ADMIN_INTAKES } from '../copy.ts';

/** An intake id as randomId() makes them; anything else cannot be an intake. */
const intakeIdSchema = z.string().check(z.regex(/^[a-z2-9]{16,40}$/));

const detailPage = (id: string, notice: string) => `/admin/website-info/${id}?notice=${notice}`;

/**
 * Where a plain form lands after a failure: back on the intake with the notice, except for an
 * intake that does not exist, whose page would only be the 404 (the list says so instead).
 */
function formFailure(code: FailureCode, { url }: { url: URL }) {
  const parsed = intakeIdSchema.safeParse(/\/website-info\/([^/]+)\//.exec(url.pathname)?.[1]);
  return code === 'not-found' || !parsed.success
    ? '/admin/website-info?notice=not-found'
    : detailPage(parsed.data, code);
}

export const postReopenIntake = defineMutation({
  access: 'admin',
  schema: null,
  // The page shows a notice, not field messages: nothing to carry over.
  fieldFeedback: false,
  formFailure,
  async handle({ context, user, database, clientAddress }) {
    const parsed = intakeIdSchema.safeParse(context.params.id);
    if (!parsed.success) return fail(404, ADMIN_INTAKES.notFound, 'not-found');
    const id = parsed.data;
    const reopened = await reopenIntake(database, { intakeId: id, adminId: user.id, ip: clientAddress });
    if (reopened) return done(detailPage(id, 'reopened'), 200, { id, status: 'draft' });
    // reopenIntake answers false for both an unknown intake and one that is not submitted: tell them apart.
    const [row] = await database.db.select({ id: intakes.id }).from(intakes).where(eq(intakes.id, id));
    return row
      ? fail(409, ADMIN_INTAKES.notSubmitted, 'not-submitted')
      : fail(404, ADMIN_INTAKES.notFound, 'not-found');
  },
});
