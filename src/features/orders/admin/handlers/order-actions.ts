import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { defineMutation, done, fail, type Outcome } from '#server/http/mutation.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { launchOrder } from '../launch.server.ts';
import { addOrderNote } from '../orders.server.ts';
import { endOrder, type EndResult } from '#features/lifecycle/lifecycle.server.ts';
import { httpAddress } from './http-address.ts';
import { formFailure, orderPage, orderRoute, refused, versionSchema } from './order-status.ts';

const noteSchema = z.object({
  version: versionSchema,
  body: z
    .string({ error: ADMIN_ORDERS.noteRequired })
    .check(
      z.trim(),
      z.minLength(1, ADMIN_ORDERS.noteRequired),
      z.maxLength(2000, ADMIN_ORDERS.noteBodyTooLong),
      noControlCharacters(ADMIN_ORDERS.noteControl, { multiline: true }),
    ),
});

/** POST /api/admin/orders/{id}/notes {body, version}: an internal note, audited 'order.note'. */
export const postOrderNote = defineMutation({
  access: 'admin',
  ...orderRoute,
  schema: noteSchema,
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, params, clientAddress }) {
    const { id } = params;
    const result = await addOrderNote(database, {
      orderId: id,
      version: input.version,
      body: input.body,
      authorId: user.id,
      ip: clientAddress,
    });
    return result.ok ? done(orderPage(id, 'note-added'), 201, { id }) : refused(result.reason);
  },
});

/** The confirmation is the form itself (inside a <details> that explains the consequences). */
const endSchema = z.object({ version: versionSchema });

function ended(id: string, result: EndResult, notice: string): Outcome {
  if (result.ok) return done(orderPage(id, notice), 200, { id, refundId: result.refundId ?? null });
  if (result.reason === 'no-stripe-payment') return fail(409, ADMIN_ORDERS.noStripePayment, 'no-stripe-payment');
  if (result.reason === 'provider') return fail(502, ADMIN_ORDERS.providerDown, 'provider');
  return refused(result.reason);
}

/** Cancel and refund share everything but the kind of end and the notice it leads to. */
function endingMutation(kind: 'cancel' | 'refund', notice: (result: EndResult) => string) {
  return defineMutation({
    access: 'admin',
    ...orderRoute,
    schema: endSchema,
    fieldFeedback: false,
    formFailure,
    async handle({ input, user, database, params, clientAddress }) {
      const { id } = params;
      const result = await endOrder(database, kind, {
        orderId: id,
        version: input.version,
        actorId: user.id,
        ip: clientAddress,
      });
      return ended(id, result, notice(result));
    },
  });
}

/**
 * POST /api/admin/orders/{id}/cancel {version}: the order is canceled through the lifecycle: its
 * open invoice is voided (reason: the cancel), its plan ends now (at the provider too), the
 * customer is told. Audited 'order.cancel'.
 */
export const postOrderCancel = endingMutation('cancel', () => 'canceled');

/**
 * POST /api/admin/orders/{id}/refund {version}: a Stripe order is refunded in full through
 * Stripe first; an invoiced one is recorded (the agency pays it back). The lifecycle writes the
 * credit note against the paid invoice and ends the plan in the refund's commit. Audited
 * 'order.refund'. The notice says which: refunded at Stripe, or only recorded.
 */
export const postOrderRefund = endingMutation('refund', (result) =>
  result.ok && result.refundId ? 'refunded' : 'refund-recorded',
);

const launchSchema = z.object({ version: versionSchema, liveUrl: httpAddress(ADMIN_ORDERS.badLiveUrl) });

/**
 * POST /api/admin/orders/{id}/launch {version, liveUrl?}: the site is live; a monthly plan bought
 * with the order starts now (its first month billed). Audited 'order.launch'.
 */
export const postOrderLaunch = defineMutation({
  access: 'admin',
  ...orderRoute,
  schema: launchSchema,
  fieldFeedback: false,
  formFailure: (code, context) =>
    code === 'invalid' && context.params.id ? orderPage(context.params.id, 'bad-live-url') : formFailure(code, context),
  async handle({ input, user, database, params, clientAddress }) {
    const { id } = params;
    const result = await launchOrder(database, {
      orderId: id,
      version: input.version,
      liveUrl: input.liveUrl,
      actorId: user.id,
      ip: clientAddress,
    });
    if (result.ok) {
      return done(orderPage(id, result.planStarted ? 'launched-plan' : 'launched'), 200, {
        id,
        already: result.already,
        planStarted: result.planStarted,
      });
    }
    if (result.reason === 'provider') return fail(502, ADMIN_ORDERS.providerDown, 'provider');
    if (result.reason === 'not-allowed') return fail(409, ADMIN_ORDERS.notLaunchable, 'not-launchable');
    return refused(result.reason);
  },
});
