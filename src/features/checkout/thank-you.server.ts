/**
 * What /thank-you shows about the order just placed. The page cannot trust its URL (an order
 * number is no secret), so checkout leaves a short-lived cookie in the browser that placed the
 * order: the order's id and an expiry, sealed with the server's key (AES-GCM, the mail key's
 * seal), HttpOnly and sent to /thank-you only. Another browser has no cookie, and a cookie
 * cannot be forged or pointed at someone else's order, so one customer's order is never
 * shown to another.
 */
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { formatPrice, perMonthFromLaunch } from '#data/pricing.ts';
import type { Db } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { seal, unseal } from '#server/email/sealed.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { findOrder, itemsOf } from '#features/orders/orders.server.ts';
import { buildInvoiceOf } from '#features/invoices/invoices.server.ts';
import { scheduleOf, scheduleSentence } from '#data/payment-schedule.ts';

const COOKIE = 'thank_you';
export const THANK_YOU_PATH = '/thank-you';
/** Long enough to come back from paying by card; short enough not to linger on a shared computer. */
export const THANK_YOU_TTL_MS = 60 * 60_000;

/** Called by checkout once the order is committed. */
export function rememberOrderForThankYou(cookies: AstroCookies, orderId: string, secure: boolean, now = Date.now()) {
  cookies.set(COOKIE, seal(JSON.stringify({ order: orderId, until: now + THANK_YOU_TTL_MS })), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: THANK_YOU_PATH,
    maxAge: THANK_YOU_TTL_MS / 1000,
  });
}

/** The order id in a cookie this server sealed and that has not expired, or null. */
export function orderIdFromCookie(value: string | undefined, now = Date.now()): string | null {
  // unseal passes text stored before sealing existed through as it is: only sealed values count.
  if (!value?.startsWith('sealed:')) return null;
  try {
    const parsed: unknown = JSON.parse(unseal(value));
    if (!parsed || typeof parsed !== 'object') return null;
    const { order, until } = parsed as { order?: unknown; until?: unknown };
    return typeof order === 'string' && typeof until === 'number' && until > now ? order : null;
  } catch {
    return null;
  }
}

export interface ThankYouOrder {
  number: string;
  total: string;
  /** Held for the address owner's confirmation (orders/held-orders.ts). */
  held: boolean;
  /** A new account: the activation link is in the mail. */
  newAccount: boolean;
  /** The new account's address, to send its activation link again from the page (null: none needed). */
  activationEmail: string | null;
  payment: 'invoice' | 'paid' | 'processing';
  /** The order's page in the account, for the signed-in customer who owns it. */
  accountUrl: string | null;
  /**
   * Its invoice (invoice mode, once issued): the number and where the customer reads it; no
   * `url` while the account is not activated (the page would only ask for a password the buyer
   * has not chosen yet: the invoice is in the e-mail, and the page says to activate first).
   */
  invoice: { number: string; url: string | null } | null;
  /** The monthly plan chosen with the order, as '$199 per month from launch' (null: none). */
  plan: { name: string; price: string } | null;
  /** How the build is billed, when not in full at order (payment-schedule.ts's sentence; null: in full). */
  schedule: string | null;
}

/**
 * The order to thank for: the one this browser placed (the cookie), if the URL names the same
 * order number (a link from elsewhere to /thank-you shows the general page).
 */
export async function thankYouOrder(
  db: Db,
  { cookies, url, userId, now = Date.now() }: { cookies: AstroCookies; url: URL; userId: string | null; now?: number },
): Promise<ThankYouOrder | null> {
  const id = orderIdFromCookie(cookies.get(COOKIE)?.value, now);
  if (!id || url.searchParams.get('order') !== orderNumber(id)) return null;
  const order = await findOrder(db, id);
  if (!order) return null;
  const [owner] = await db
    .select({ status: users.status, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId));
  const newAccount = owner?.status === 'pending';
  const visible = order.heldAt === null && order.unprovenEmail === null;
  const invoice = order.status === 'pending_payment' ? await buildInvoiceOf(db, order.id) : null;
  const monthly = (await itemsOf(db, order.id)).find((item) => item.interval === 'month');
  return {
    number: orderNumber(order.id),
    total: formatPrice(order.totalCents),
    held: order.heldAt !== null,
    newAccount,
    activationEmail: newAccount && owner ? owner.email : null,
    payment:
      order.status !== 'pending_payment' ? 'paid' : order.paymentProvider === 'invoice' ? 'invoice' : 'processing',
    accountUrl: visible && userId === order.userId ? `/account/orders/${order.id}` : null,
    // Linked for the browser that placed the order even before the address is proven: opening it
    // takes the account's sign-in (activation proves the address). Not before the account has a
    // password: that sign-in would be a dead end.
    invoice: invoice ? { number: invoice.number, url: newAccount ? null : `/account/invoices/${invoice.id}` } : null,
    plan: monthly ? { name: monthly.description, price: perMonthFromLaunch(monthly.amountCents) } : null,
    schedule: scheduleSentence(scheduleOf(order), order.totalCents),
  };
}
