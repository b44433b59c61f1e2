/**
 * The quotes' routes: the admin writes one on an order (POST /api/admin/orders/{id}/quotes), the
 * order's customer accepts it (POST /api/account/orders/{id}/quotes/{quoteId}/accept), which
 * issues its invoice through the lifecycle, or declines it (…/decline). Plain forms land back on
 * the order page with a notice; another account's quote is a 404, and its form lands on the
 * order's page, which is the 404 page for them.
 */
import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { acceptRevisionQuote } from '#features/lifecycle/owner-invoices.server.ts';
import { dollarsSchema } from '../../admin/handlers/invoice-actions.ts';
import { REVISION_QUOTES } from '../copy.ts';
import { declineRevisionQuote, writeRevisionQuote } from '../quotes.server.ts';

/** The admin's quote form, shared by the order page's form and the endpoint. */
export const quoteSchema = z.object({
  /** Extra rounds, 1 to 20. */
  rounds: z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], { error: REVISION_QUOTES.roundsInvalid }),
      z.transform((v) => Number(String(v).trim())),
    ),
    z
      .int({ error: REVISION_QUOTES.roundsInvalid })
      .check(z.minimum(1, REVISION_QUOTES.roundsInvalid), z.maximum(20, REVISION_QUOTES.roundsInvalid)),
  ),
  /** Dollars per round, above zero, at most 100,000. */
  price: z.pipe(
    dollarsSchema(REVISION_QUOTES.priceInvalid),
    z.number().check(z.maximum(10_000_000, REVISION_QUOTES.priceInvalid)),
  ),
  /** Shown to the customer with the quote; blank is none. */
  note: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(1000, REVISION_QUOTES.noteInvalid),
          noControlCharacters(REVISION_QUOTES.noteInvalid, { multiline: true }),
        ),
    ),
    z.transform((v) => v || null),
  ),
});

const adminOrderPage = (id: string, notice: string) => landing(`/admin/orders/${id}#quotes`, notice);

/**
 * POST /api/admin/orders/{id}/quotes {rounds, price, note?}: a quote for extra revision rounds,
 * e-mailed to the customer. Refused while the included rounds are not used up, while another quote
 * waits, and on an ended order. Audited 'quote.create'.
 */
export const postRevisionQuote = defineMutation({
  access: 'admin',
  params: { id: recordId },
  schema: quoteSchema,
  failures: {
    'not-found': { status: 404, error: REVISION_QUOTES.notFound },
    'order-ended': { status: 409, error: REVISION_QUOTES.orderEnded },
    'not-eligible': { status: 409, error: REVISION_QUOTES.notEligible },
    'has-open': { status: 409, error: REVISION_QUOTES.hasOpen },
    invalid: { status: 400, error: REVISION_QUOTES.invalid },
  },
  formFailure: (code: FailureCode, { params }) =>
    code === 'not-found' || !params.id
      ? landing('/admin', 'order-not-found')
      : adminOrderPage(params.id, `quote-${code}`),
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const result = await writeRevisionQuote(database, {
      orderId: params.id,
      rounds: input.rounds,
      unitCents: input.price,
      note: input.note,
      actorId: user.id,
      ip: clientAddress,
    });
    if (!result.ok) return refuse(result.reason);
    return done(adminOrderPage(params.id, 'quote-sent'), 201, { id: result.quoteId });
  },
});

const QUOTE_RATE_LIMIT: RateLimitRule = { name: 'quote-answer', capacity: 20, windowMs: 10 * 60_000 };

const customerOrderPage = (id: string, notice: string) => landing(`/account/orders/${id}#quotes`, notice);

/** What both answers share: the customer's own order's quote, a rate limit, where a plain form lands. */
const answerSpec = {
  access: 'user' as const,
  params: { id: recordId, quoteId: z.string().check(z.uuid()) },
  schema: null,
  fieldFeedback: false,
  limits: [{ rule: QUOTE_RATE_LIMIT, key: 'user' as const }],
  failures: {
    'not-found': { status: 404, error: REVISION_QUOTES.notFound },
    'not-open': { status: 409, error: REVISION_QUOTES.notOpen },
    'order-ended': { status: 409, error: REVISION_QUOTES.orderEnded },
    limited: { status: 429, error: REVISION_QUOTES.limited },
  },
  // Another account's quote lands on its order's page: for them, the 404 page.
  formFailure: (code: FailureCode, { params }: { params: { id?: string } }) =>
    !params.id
      ? '/account'
      : code === 'not-found'
        ? `/account/orders/${params.id}`
        : customerOrderPage(params.id, `quote-${code}`),
};

/**
 * POST /api/account/orders/{id}/quotes/{quoteId}/accept: the customer accepts the quote; its
 * 'revisions' invoice is issued, e-mailed and audited in the same commit (the lifecycle's
 * acceptRevisionQuote). Accepting again issues nothing more.
 */
export const postAcceptQuote = defineMutation({
  ...answerSpec,
  async handle({ user, database, params, clientAddress, refuse }) {
    const result = await acceptRevisionQuote(database, {
      quoteId: params.quoteId,
      orderId: params.id,
      userId: user.id,
      ip: clientAddress,
    });
    if (!result.ok) return refuse(result.reason);
    return done(customerOrderPage(params.id, 'quote-accepted'), result.already ? 200 : 201, {
      invoiceId: result.invoiceId,
      already: result.already,
    });
  },
});

/** POST /api/account/orders/{id}/quotes/{quoteId}/decline: the customer declines the quote. Audited 'quote.decline'. */
export const postDeclineQuote = defineMutation({
  ...answerSpec,
  async handle({ user, database, params, clientAddress, refuse }) {
    const result = await declineRevisionQuote(database, {
      quoteId: params.quoteId,
      orderId: params.id,
      userId: user.id,
      ip: clientAddress,
    });
    if (!result.ok) return refuse(result.reason);
    return done(customerOrderPage(params.id, 'quote-declined'), 200, { ok: true });
  },
});
