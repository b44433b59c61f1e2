/**
 * An address is proved before anything attaches to it. Registration does not prove the address
 * (anyone can type anyone's), so what reaches an account only through its address (an order
 * placed signed out, an agency offer) carries `unproven_email` and stays out of the account
 * until an account proves that address through a mailed link: the verification link, an
 * activation or reset link, or an e-mail change link. Proving it claims those rows for the
 * account that proved it, wherever they were filed: a stranger who registered the address
 * first and moved away never proved it, so never sees them.
 *
 * The links here (address_links) follow account-links.ts: random, stored hashed, expiring,
 * consumed atomically. Each keeps the address it was sent to, and proves that address only.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { coalesce } from '#server/db/expressions.ts';
import { build, type Db, type WriteQuery, type Tx } from '#server/db/index.ts';
import {
  addressLinks,
  intakeFiles,
  intakes,
  messageThreads,
  orders,
  subscriptions,
  users,
  type ADDRESS_LINK_PURPOSES,
} from '#server/db/schema.ts';
import { createToken, parseToken, secretMatches } from '#server/security/tokens.ts';
import { LINK_RETENTION_MS } from './account-links.server.ts';
import { normalizeEmail } from './users.server.ts';

export type AddressLinkPurpose = (typeof ADDRESS_LINK_PURPOSES)[number];

/** A verification link: two days, like an activation link. */
export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60_000;
/** An order confirmation: a week, so an order placed before a weekend can still be confirmed. */
export const CONFIRM_ORDER_TTL_MS = 7 * 24 * 60 * 60_000;
const TTL: Readonly<Record<AddressLinkPurpose, number>> = {
  'verify-email': VERIFY_EMAIL_TTL_MS,
  'confirm-order': CONFIRM_ORDER_TTL_MS,
};

/** The page each link opens (a page with a button: opening it changes nothing). */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const CONFIRM_ORDER_PATH = '/confirm-order';

export type AddressLinkCheck =
  | { status: 'valid'; id: string; userId: string | null; orderId: string | null; email: string }
  | { status: 'invalid' | 'expired' | 'used' };

/** The statement storing a new link to `email`, and the token for the URL. Commit it with the mail. */
export function newAddressLink(
  purpose: AddressLinkPurpose,
  target: { userId?: string; orderId?: string; email: string },
  now = Date.now(),
) {
  const { token, id, secretHash } = createToken();
  return {
    token,
    statement: build.insert(addressLinks).values({
      id,
      purpose,
      userId: target.userId ?? null,
      orderId: target.orderId ?? null,
      email: normalizeEmail(target.email),
      secretHash: Buffer.from(secretHash),
      expiresAt: new Date(now + TTL[purpose]),
      createdAt: new Date(now),
    }),
  };
}

/** Checks a link without using it (to show the page with its button). */
export async function checkAddressLink(
  db: Db,
  token: string | null | undefined,
  purpose: AddressLinkPurpose,
  now = Date.now(),
): Promise<AddressLinkCheck> {
  const parsed = parseToken(token);
  if (!parsed) return { status: 'invalid' };
  const [row] = await db
    .select()
    .from(addressLinks)
    .where(and(eq(addressLinks.id, parsed.id), eq(addressLinks.purpose, purpose)));
  if (!row || !secretMatches(parsed.secret, row.secretHash)) return { status: 'invalid' };
  if (row.usedAt !== null) return { status: 'used' };
  if (row.expiresAt.getTime() <= now) return { status: 'expired' };
  return { status: 'valid', id: row.id, userId: row.userId, orderId: row.orderId, email: row.email };
}

/** Marks a checked link used inside `tx`; false when another request used it first. */
export async function consumeAddressLink(tx: Tx, id: string, now = Date.now()): Promise<boolean> {
  const result = await tx
    .update(addressLinks)
    .set({ usedAt: new Date(now) })
    .where(and(eq(addressLinks.id, id), isNull(addressLinks.usedAt), gt(addressLinks.expiresAt, new Date(now))));
  return result.rowsAffected === 1;
}

/** Earlier verification links of a user stop working (a newer one was sent, or the address changed). */
export const retireVerifyLinksStatement = (userId: string, now: number): WriteQuery =>
  build
    .update(addressLinks)
    .set({ usedAt: new Date(now) })
    .where(and(eq(addressLinks.userId, userId), eq(addressLinks.purpose, 'verify-email'), isNull(addressLinks.usedAt)));

/** Links used or expired a month ago, for housekeeping. */
export const oldAddressLinksStatement = (now: number): WriteQuery =>
  build.delete(addressLinks).where(lt(coalesce(addressLinks.usedAt, addressLinks.expiresAt), now - LINK_RETENTION_MS));

/** The user's current address, read by the database in the same statement (no read-then-write race). */
const currentAddressOf = (userId: string) =>
  sql`(${build.select({ email: users.email }).from(users).where(eq(users.id, userId))})`;

/**
 * The user has just proved that it reads its current address (commit these in the same unit
 * as the link that proved it): the account is marked verified, and every order and
 * subscription waiting for that address is filed under it, with the order's intake.
 */
export function addressProvenStatements(userId: string, now: number): WriteQuery[] {
  const at = new Date(now);
  const address = currentAddressOf(userId);
  return [
    build.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId)),
    build.update(orders).set({ userId, unprovenEmail: null, updatedAt: at }).where(eq(orders.unprovenEmail, address)),
    build
      .update(subscriptions)
      .set({ userId, unprovenEmail: null, updatedAt: at })
      .where(eq(subscriptions.unprovenEmail, address)),
    // An intake follows its order (none is normally started on an order its customer cannot see).
    build
      .update(intakes)
      .set({ userId })
      .where(
        and(
          sql`${intakes.orderId} IN (${build.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))})`,
          sql`${intakes.userId} <> ${userId}`,
        ),
      ),
    // So do the order's Messages (the thread's customer is who may read it: ownership.server.ts).
    build
      .update(messageThreads)
      .set({ customerId: userId })
      .where(
        and(
          sql`${messageThreads.orderId} IN (${build.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))})`,
          sql`${messageThreads.customerId} <> ${userId}`,
        ),
      ),
    build
      .update(intakeFiles)
      .set({ userId })
      .where(
        and(
          sql`${intakeFiles.intakeId} IN (${build.select({ id: intakes.id }).from(intakes).where(eq(intakes.userId, userId))})`,
          sql`${intakeFiles.userId} <> ${userId}`,
        ),
      ),
  ];
}

/**
 * What an item reaching `account` only through `email` gets as its unproven_email: null when
 * the account has proven that very address (it is shown at once), otherwise the address.
 */
export function unprovenEmailFor(
  account: { email: string; emailVerifiedAt: Date | null } | null,
  email: string,
): string | null {
  const address = normalizeEmail(email);
  return account?.emailVerifiedAt && normalizeEmail(account.email) === address ? null : address;
}
