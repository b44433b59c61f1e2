import { LINK_DONE, linkPagePath } from '#server/http/link-page.ts';
import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import { CONFIRM_ORDER_PATH } from '#features/accounts/address-proof.server.ts';
import { linkTokenSchema } from '#features/accounts/handlers/address-links.ts';
import { AUTH_LIMITS } from '#features/accounts/limits.ts';
import { confirmHeldOrder } from '../held-orders.server.ts';
import { HELD_ORDER } from '../copy.ts';

const PROBLEMS = { invalid: HELD_ORDER.invalid, expired: HELD_ORDER.expired, used: HELD_ORDER.used } as const;

/**
 * POST /api/orders/confirm {token}: the button on /confirm-order releases a held order.
 * Opening the link (GET or HEAD) only shows the button.
 */
export const postConfirmOrder = defineMutation({
  access: 'public',
  schema: linkTokenSchema,
  limits: [{ rule: AUTH_LIMITS.setPassword, key: 'client' }],
  formFailure: (code, { raw }) => landing(linkPagePath(CONFIRM_ORDER_PATH, raw), code),
  async handle({ input, database, clientAddress }) {
    const result = await confirmHeldOrder(database, input.token, Date.now(), { ip: clientAddress });
    if (!result.ok) return fail(400, PROBLEMS[result.reason], result.reason);
    return done(landing(CONFIRM_ORDER_PATH, LINK_DONE), 200, { message: HELD_ORDER.confirmed, order: result.number });
  },
});
