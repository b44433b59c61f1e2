/**
 * Orders held for their address owner. Anyone can type an existing customer's address at
 * checkout, so an order placed signed out for an existing account is held: it is not in the
 * account, and the only mail to that address is a request to confirm it that carries none of
 * the order's own words (no name, business or message: the order number and the total only).
 * The link opens /confirm-order, a page with a button; the button's POST confirms the order,
 * and only then go the customer's confirmation (with an activation link for an account not
 * yet activated), the agency's new-order notice and, when it was paid meanwhile, the receipt.
 * While held, the admin lists and order page show it as 'Unconfirmed'.
 */
import { eq, sql } from 'drizzle-orm';
import { site } from '#data/site.ts';
import { build, type AppDatabase, type WriteQuery } from '#server/db/index.ts';
import { orderEvents, orders, users } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { newAccountToken } from '#features/accounts/account-links.server.ts';
import { accountLink } from '#features/accounts/accounts.server.ts';
import {
  checkAddressLink,
  consumeAddressLink,
  CONFIRM_ORDER_PATH,
  newAddressLink,
} from '#features/accounts/address-proof.server.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { newOrderMail, orderConfirmationMail, orderConfirmRequestMail, paymentReceiptMail } from './mail.ts';
import { orderNumber } from './order-number.ts';
import { accountOrderUrl, adminOrderUrl, findOrder, readOrderIn } from './orders.server.ts';
import { leadOrderedStatements, leadPaidStatements } from '#features/leads/leads.server.ts';

/** The link and its mail, for checkout to commit with the held order. */
export function holdStatements(order: { id: string; totalCents: number; email: string }, now: number): WriteQuery[] {
  const link = newAddressLink('confirm-order', { orderId: order.id, email: order.email }, now);
  return [
    link.statement,
    outboxInsert(
      {
        ...orderConfirmRequestMail(order, accountLink(CONFIRM_ORDER_PATH, link.token)),
        kind: 'order-confirm-request',
        to: order.email,
      },
      now,
    ),
  ];
}

export type HeldOrderLinkState =
  | { ok: true; number: string; totalCents: number; confirmed: boolean }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** What /confirm-order shows before the button is pressed (nothing is used up). */
export async function heldOrderLinkState(
  database: AppDatabase,
  token: string | null | undefined,
  now = Date.now(),
): Promise<HeldOrderLinkState> {
  const check = await checkAddressLink(database.db, token, 'confirm-order', now);
  if (check.status !== 'valid') return { ok: false, reason: check.status };
  const order = check.orderId ? await findOrder(database.db, check.orderId) : null;
  if (!order || order.email !== check.email) return { ok: false, reason: 'invalid' };
  return { ok: true, number: orderNumber(order.id), totalCents: order.totalCents, confirmed: order.heldAt === null };
}

export type ConfirmOrderResult = { ok: true; number: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/**
 * The button's POST: releases the hold (history row, audit entry) and sends what the hold
 * kept back, in one transaction. The order stays out of an account that has not proven the
 * address (address-proof.ts): confirming an order is not proving the account.
 */
export async function confirmHeldOrder(
  database: AppDatabase,
  token: string,
  now = Date.now(),
  origin: { ip: string | null } = { ip: null },
): Promise<ConfirmOrderResult> {
  const check = await checkAddressLink(database.db, token, 'confirm-order', now);
  if (check.status !== 'valid') return { ok: false, reason: check.status };
  const { id: linkId, orderId, email } = check;
  if (!orderId) return { ok: false, reason: 'invalid' };
  return database.writes.transaction(async (tx): Promise<ConfirmOrderResult> => {
    if (!(await consumeAddressLink(tx, linkId, now))) return { ok: false, reason: 'used' };
    const [row] = await tx
      .select({
        status: orders.status,
        email: orders.email,
        heldAt: orders.heldAt,
        provider: orders.paymentProvider,
        paidAt: orders.paidAt,
        userId: orders.userId,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!row || row.email !== email) return { ok: false, reason: 'invalid' };
    const [owner] = row.userId
      ? await tx.select({ status: users.status }).from(users).where(eq(users.id, row.userId))
      : [];
    // Confirmed before (another link of the same order): nothing more to do.
    if (row.heldAt === null) return { ok: true, number: orderNumber(orderId) };
    const { status, provider } = row;
    const at = new Date(now);
    const mailOrder = await readOrderIn(tx, orderId);
    if (!mailOrder) return { ok: false, reason: 'invalid' };
    const writes: WriteQuery[] = [
      build
        .update(orders)
        .set({ heldAt: null, updatedAt: at, version: sql`${orders.version} + 1` })
        .where(eq(orders.id, orderId)),
      build.insert(orderEvents).values({
        id: crypto.randomUUID(),
        orderId,
        at,
        actorId: null,
        fromStatus: status,
        toStatus: status,
        note: 'Confirmed from the link sent to the order’s email address',
      }),
      auditStatement(
        { actorId: null, action: 'order.confirm', entityType: 'order', entityId: orderId, ip: origin.ip },
        now,
      ),
    ];
    let activationUrl: string | undefined;
    if (row.userId && owner?.status === 'pending') {
      const link = newAccountToken(row.userId, 'activation', now);
      writes.push(link.statement);
      activationUrl = accountLink('/activate-account', link.token);
    }
    // Invoice mode bills an unpaid order once its owner confirms it (nothing was issued while held).
    const invoice =
      provider === 'invoice' && row.paidAt === null ? buildInvoiceStatements({ ...mailOrder, email }, now) : null;
    if (invoice) writes.push(...invoice.statements);
    const confirmation = orderConfirmationMail(mailOrder, {
      provider,
      activationUrl,
      accountUrl: accountOrderUrl(orderId),
      invoiceUrl: invoice?.url,
    });
    const notice = newOrderMail(mailOrder, { provider, adminUrl: adminOrderUrl(orderId) });
    writes.push(
      outboxInsert({ ...confirmation, kind: 'order-confirmation', to: email }, now),
      outboxInsert(
        { ...notice, kind: 'order-notification', to: serverEnv().AGENCY_INBOX ?? site.email, replyTo: email },
        now,
      ),
    );
    if (row.paidAt !== null) {
      const receipt = paymentReceiptMail(mailOrder, { accountUrl: accountOrderUrl(orderId), paidAt: row.paidAt });
      writes.push(outboxInsert({ ...receipt, kind: 'payment-receipt', to: email }, now));
    }
    // The address's owner stands behind the order now: their lead is at Ordered (or Won if paid).
    const lead = { leadId: null, email, held: false };
    writes.push(...(row.paidAt === null ? leadOrderedStatements(lead, now) : leadPaidStatements(lead, now)));
    await tx.batch(writes);
    return { ok: true, number: orderNumber(orderId) };
  });
}
