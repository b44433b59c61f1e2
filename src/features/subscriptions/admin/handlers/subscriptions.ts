import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { defineMutation, done, fail, landing, type FailureCode, type Outcome } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { ADMIN_SUBSCRIPTIONS } from '#features/admin/copy.ts';
import {
  adminCancelSubscription,
  changeSubscriptionPrice,
  createCustomSubscription,
  type SubscriptionChange,
} from '../subscriptions.server.ts';
import { versionField } from '#server/http/record-version.ts';

/** The subscription's version the form was rendered with. */
const versionSchema = versionField(ADMIN_SUBSCRIPTIONS.stale);

/** The subscription an admin route acts on: `{id}` in its path; one that names none is a 404. */
const subscriptionRoute = {
  params: { id: recordId },
  failures: { 'not-found': { status: 404, error: ADMIN_SUBSCRIPTIONS.notFound } },
};

const subscriptionPage = (id: string, notice: string) => landing(`/admin/subscriptions/${id}`, notice);

function formFailure(code: FailureCode, { params }: { params: { id?: string } }) {
  return code === 'not-found' || !params.id ? '/admin' : subscriptionPage(params.id, code);
}

/**
 * Dollars as typed (87.65, 87, 1,200.50 without the comma) to integer cents, exactly: the text
 * is split at the point rather than multiplied as a float (0.29 * 100 is 28.999...).
 */
export const dollarsSchema = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()], { error: ADMIN_SUBSCRIPTIONS.priceInvalid }),
    z.transform((v) => String(v).trim().replace(/^\$/, '')),
  ),
  z.pipe(
    z.string().check(z.regex(/^\d{1,6}(\.\d{1,2})?$/, ADMIN_SUBSCRIPTIONS.priceInvalid)),
    z.pipe(
      z.transform((v: string) => {
        const [whole = '0', part = ''] = v.split('.');
        return Number(whole) * 100 + Number(part.padEnd(2, '0'));
      }),
      z.number().check(z.positive(ADMIN_SUBSCRIPTIONS.priceInvalid)),
    ),
  ),
);

function changed(id: string, result: SubscriptionChange, notice: string): Outcome {
  if (result.ok) {
    const s = result.subscription;
    return done(subscriptionPage(id, notice), 200, {
      id,
      status: s.status,
      cancelAt: s.cancelAt?.toISOString() ?? null,
      nextPriceCents: s.nextPriceCents,
      version: s.version,
    });
  }
  switch (result.reason) {
    case 'not-found':
      return fail(404, ADMIN_SUBSCRIPTIONS.notFound, 'not-found');
    case 'stale':
      return fail(409, ADMIN_SUBSCRIPTIONS.stale, 'stale');
    case 'not-cancellable':
      return fail(409, ADMIN_SUBSCRIPTIONS.notCancellable, 'not-cancellable');
    case 'not-priceable':
      return fail(409, ADMIN_SUBSCRIPTIONS.notPriceable, 'not-priceable');
    default:
      return fail(502, ADMIN_SUBSCRIPTIONS.providerDown, 'provider');
  }
}

/**
 * POST /api/admin/subscriptions/{id}/cancel {when: now|notice, version}: ends it now or after
 * the notice period, at the provider first. The form sits behind a confirmation on the page.
 */
export const postSubscriptionCancel = defineMutation({
  access: 'admin',
  ...subscriptionRoute,
  schema: z.object({
    when: z.enum(['now', 'notice'], { error: ADMIN_SUBSCRIPTIONS.badWhen }),
    version: versionSchema,
  }),
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, params, clientAddress }) {
    const { id } = params;
    const result = await adminCancelSubscription(database, {
      id,
      version: input.version,
      when: input.when,
      actorId: user.id,
      ip: clientAddress,
    });
    return changed(id, result, input.when === 'now' ? 'canceled' : 'canceling');
  },
});

/** POST /api/admin/subscriptions/{id}/price {price (dollars), version}: from the next period. */
export const postSubscriptionPrice = defineMutation({
  access: 'admin',
  ...subscriptionRoute,
  schema: z.object({ price: dollarsSchema, version: versionSchema }),
  fieldFeedback: false,
  formFailure,
  async handle({ input, user, database, params, clientAddress }) {
    const { id } = params;
    const result = await changeSubscriptionPrice(database, {
      id,
      version: input.version,
      priceCents: input.price,
      actorId: user.id,
      ip: clientAddress,
    });
    return changed(id, result, 'price-changed');
  },
});

export const customSubscriptionSchema = z.object({
  email: z.pipe(
    z.pipe(
      z.string({ error: ADMIN_SUBSCRIPTIONS.emailInvalid }),
      z.transform((v) => v.trim().toLowerCase()),
    ),
    z.email({ error: ADMIN_SUBSCRIPTIONS.emailInvalid }).check(z.maxLength(254, ADMIN_SUBSCRIPTIONS.emailInvalid)),
  ),
  description: z
    .string({ error: ADMIN_SUBSCRIPTIONS.descriptionLength })
    .check(
      z.trim(),
      z.minLength(2, ADMIN_SUBSCRIPTIONS.descriptionLength),
      z.maxLength(200, ADMIN_SUBSCRIPTIONS.descriptionLength),
      noControlCharacters(ADMIN_SUBSCRIPTIONS.descriptionOneLine),
    ),
  price: dollarsSchema,
  interval: z.enum(['month', 'year'], { error: ADMIN_SUBSCRIPTIONS.intervalInvalid }),
});

export const CUSTOM_SUBSCRIPTION_ACTION = '/api/admin/subscriptions';

/**
 * POST /api/admin/subscriptions {email, description, price, interval}: offers a custom
 * subscription to that customer (a pending account is created if there is none); 201 with
 * the id, or a 303 to /admin/subscriptions/{id} for the plain form.
 */
export const postCustomSubscription = defineMutation({
  access: 'admin',
  schema: customSubscriptionSchema,
  // Field messages and what was typed go back to the form (it is rendered on demand).
  formFailure: (code) => landing('/admin/custom-subscription', code),
  async handle({ input, user, database, clientAddress }) {
    const result = await createCustomSubscription(database, {
      email: input.email,
      description: input.description,
      priceCents: input.price,
      interval: input.interval,
      actorId: user.id,
      ip: clientAddress,
    });
    if (!result.ok) {
      return fail(409, 'That e-mail belongs to a deleted account', 'invalid', {
        email: ['That e-mail belongs to a deleted account'],
      });
    }
    return done(subscriptionPage(result.id, 'created'), 201, {
      id: result.id,
      userId: result.userId,
      newAccount: result.newAccount,
    });
  },
});
