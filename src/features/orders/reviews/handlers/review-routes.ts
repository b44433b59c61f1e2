/**
 * The review rounds' routes: the admin posts a preview (POST /api/admin/orders/{id}/preview), the
 * customer approves it (POST /api/account/orders/{id}/approve) or asks for changes
 * (POST /api/account/orders/{id}/changes). Plain forms land back on the order page with a notice.
 */
import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase, WriteQuery } from '#server/db/index.ts';
import { orders } from '#server/db/schema.ts';
import { defineMutation, done, landing, type FailureCode, type Outcome } from '#server/http/mutation.ts';
import { IMAGE_UPLOAD_FAILURES } from '#features/intake/uploads/failures.ts';
import { UPLOAD_REQUEST_BYTES } from '#features/intake/uploads/limits.ts';
import { forget, receiveMessage } from '#features/messages/attachments.server.ts';
import { ensureThread, postStatements } from '#features/messages/threads.server.ts';
import { ownsOrder } from '#features/accounts/ownership.server.ts';
import { recordId } from '#server/http/record-id.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { formFailure, orderPage, orderRoute, refused, versionSchema } from '../../admin/handlers/order-status.ts';
import { httpAddress } from '../../admin/handlers/http-address.ts';
import { ADMIN_REVIEW, REVIEW } from '../copy.ts';
import { answerPreview, postPreview, type Answer } from '../reviews.server.ts';

const previewSchema = z.object({
  version: versionSchema,
  previewUrl: httpAddress(ADMIN_REVIEW.badPreviewUrl, { required: true }),
  message: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(2000, ADMIN_REVIEW.messageTooLong),
          noControlCharacters(ADMIN_REVIEW.messageControl, { multiline: true }),
        ),
    ),
    z.transform((v) => v || null),
  ),
});

/**
 * POST /api/admin/orders/{id}/preview {version, previewUrl, message?}: a new review round; the
 * order moves to Preview ready and the customer is e-mailed. Audited 'order.preview'.
 */
export const postOrderPreview = defineMutation({
  access: 'admin',
  ...orderRoute,
  schema: previewSchema,
  fieldFeedback: false,
  formFailure: (code, context) =>
    code === 'invalid' && context.params.id
      ? orderPage(context.params.id, 'bad-preview-url')
      : formFailure(code, context),
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const { id } = params;
    const result = await postPreview(database, {
      orderId: id,
      version: input.version,
      previewUrl: input.previewUrl,
      message: input.message,
      actorId: user.id,
      ip: clientAddress,
    });
    if (result.ok) return done(orderPage(id, 'preview-posted'), 201, { id, round: result.round });
    if (result.reason === 'not-allowed') return refuse('not-postable');
    return refused(result.reason);
  },
  failures: {
    ...orderRoute.failures,
    'not-postable': { status: 409, error: ADMIN_REVIEW.notPostable },
  },
});

/** A person answers a few previews a project: plenty for them, little for a script. */
export const REVIEW_RATE_LIMIT: RateLimitRule = { name: 'order-review', capacity: 20, windowMs: 10 * 60_000 };

const round = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000));
const changesText = z.string({ error: REVIEW.changesRequired }).check(
  z.trim(),
  // A form sends a textarea's line breaks as CRLF: kept as plain line breaks.
  z.overwrite((v) => v.replace(/\r\n?/g, '\n')),
  z.minLength(1, REVIEW.changesRequired),
  z.maxLength(5000, REVIEW.changesTooLong),
  noControlCharacters(REVIEW.changesControl, { multiline: true }),
);

const customerOrderPage = (id: string, notice: string) => landing(`/account/orders/${id}#review`, notice);

/** What both answers share: the customer's own order, a rate limit, where a plain form lands. */
const answerSpec = {
  access: 'user' as const,
  params: { id: recordId },
  limits: [{ rule: REVIEW_RATE_LIMIT, key: 'user' as const }],
  failures: {
    'not-found': { status: 404, error: REVIEW.notFound },
    answered: { status: 409, error: REVIEW.answered },
    'not-open': { status: 409, error: REVIEW.notOpen },
    limited: { status: 429, error: REVIEW.limited },
  },
  formFailure: (code: FailureCode, { params }: { params: { id?: string } }) =>
    code === 'not-found' || !params.id ? '/account' : customerOrderPage(params.id, code),
};

async function answer(
  ctx: { user: { id: string }; database: AppDatabase; params: { id: string }; clientAddress: string },
  roundNumber: number,
  given: Answer,
  alongside: readonly WriteQuery[] = [],
): Promise<Outcome | AnswerRefusal> {
  const result = await answerPreview(ctx.database, {
    orderId: ctx.params.id,
    userId: ctx.user.id,
    round: roundNumber,
    answer: given,
    ip: ctx.clientAddress,
    alongside,
  });
  if (!result.ok) return { refused: result.reason };
  const notice = given.decision === 'approve' ? 'approved' : 'changes-requested';
  return done(customerOrderPage(ctx.params.id, notice), 200, { id: ctx.params.id, extraWork: result.extraWork });
}

type AnswerRefusal = { refused: 'not-found' | 'answered' | 'not-open' };
const isRefusal = (value: Outcome | AnswerRefusal): value is AnswerRefusal => 'refused' in value;

/** POST /api/account/orders/{id}/approve {round}: the customer approves the preview for launch. */
export const postApprovePreview = defineMutation({
  ...answerSpec,
  schema: z.object({ round }),
  async handle(ctx) {
    const outcome = await answer(ctx, ctx.input.round, { decision: 'approve' });
    return isRefusal(outcome) ? ctx.refuse(outcome.refused) : outcome;
  },
});

/** The upload pipeline's refusals of an attached image, in its own words. */
const ATTACHMENT_FAILURES = IMAGE_UPLOAD_FAILURES;

/**
 * POST /api/account/orders/{id}/changes (multipart: round, changes, an optional image): the
 * customer asks for changes. The request is also posted to the order's Messages, with its image
 * through the upload pipeline, in the same commit as the answer.
 */
export const postRequestChanges = defineMutation({
  ...answerSpec,
  schema: null,
  stream: { types: ['multipart/form-data'], maxBytes: UPLOAD_REQUEST_BYTES },
  failures: { ...answerSpec.failures, ...ATTACHMENT_FAILURES, invalid: { status: 400, error: REVIEW.changesRequired } },
  // Any refusal of the file lands on one notice: the form is sent again whole.
  formFailure: (code: FailureCode, context: { params: { id?: string } }) =>
    Object.hasOwn(ATTACHMENT_FAILURES, code) && context.params.id
      ? customerOrderPage(context.params.id, 'file')
      : answerSpec.formFailure(code, context),
  async handle({ context, user, database, params, clientAddress, refuse }) {
    const received = await receiveMessage(context.request);
    if (!received.ok) return refuse(received.reason);
    const { attachment } = received;
    const roundNumber = round.safeParse(received.fields.round);
    const text = changesText.safeParse(received.fields.changes ?? '');
    if (!roundNumber.success || !text.success) {
      await forget(attachment);
      return refuse('invalid');
    }
    try {
      const order = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, params.id), ownsOrder(user.id)));
      if (order.length === 0) {
        await forget(attachment);
        return refuse('not-found');
      }
      const now = Date.now();
      const thread = await ensureThread(database, { orderId: params.id }, user.id, now);
      const posted = postStatements(
        thread,
        { authorId: user.id, side: 'customer', body: REVIEW.changesMessage(text.data), attachment },
        now,
      );
      const outcome = await answer(
        { user, database, params, clientAddress },
        roundNumber.data,
        { decision: 'changes', changes: text.data },
        posted.statements,
      );
      if (isRefusal(outcome)) {
        await forget(attachment);
        return refuse(outcome.refused);
      }
      return outcome;
    } catch (error) {
      await forget(attachment);
      throw error;
    }
  },
});
