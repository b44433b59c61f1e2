/**
 * POST /api/admin/website-info/{id}/reopen (no body): an admin hands a submitted intake back
 * to the customer, who can then edit and submit it again. reopenIntake writes the change and
 * its audit entry ('intake.reopen') in one transaction.
 */
import { eq } from 'drizzle-orm';
import { intakes } from '#server/db/schema.ts';
import { defineMutation, done, fail, landing, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { reopenIntake } from '../../intake.server.ts';
import { ADMIN_INTAKES } from '../copy.ts';

const detailPage = (id: string, notice: string) => landing(`/admin/website-info/${id}`, notice);

/**
 * Where a plain form lands after a failure: back on the intake with the notice, except for an
 * intake that does not exist, whose page would only be the 404 (the list says so instead).
 */
function formFailure(code: FailureCode, { params }: { params: { id?: string } }) {
  return code === 'not-found' || !params.id ? landing('/admin/website-info', 'not-found') : detailPage(params.id, code);
}

export const postReopenIntake = defineMutation({
  access: 'admin',
  params: { id: recordId },
  failures: { 'not-found': { status: 404, error: ADMIN_INTAKES.notFound } },
  schema: null,
  // The page shows a notice, not field messages: nothing to carry over.
  fieldFeedback: false,
  formFailure,
  async handle({ params, user, database, clientAddress }) {
    const { id } = params;
    const reopened = await reopenIntake(database, { intakeId: id, adminId: user.id, ip: clientAddress });
    if (reopened) return done(detailPage(id, 'reopened'), 200, { id, status: 'draft' });
    // reopenIntake answers false for both an unknown intake and one that is not submitted: tell them apart.
    const [row] = await database.db.select({ id: intakes.id }).from(intakes).where(eq(intakes.id, id));
    return row
      ? fail(409, ADMIN_INTAKES.notSubmitted, 'not-submitted')
      : fail(404, ADMIN_INTAKES.notFound, 'not-found');
  },
});
