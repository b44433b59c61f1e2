/**
 * Placing an order: the customer (signed in, known by e-mail, or a new pending account with
 * an activation link), the order priced by the server, a pending subscription for a monthly
 * plan, the customer's confirmation and the agency's notice, all in one durable commit. A
 * repeated submit carrying the same form key finds the first order instead of making another.
 *
 * Only what a signed-in customer orders is theirs at once (and goes to their own address). An
 * order placed signed out reaches an account through the address typed, so it waits for that
 * address to be proven (accounts/address-proof.ts); for an existing account it is also held
 * for the address owner's confirmation (orders/held-orders.ts), and until then the only mail
 * is the request to confirm, and the agency's notice waits too.
 */
import { findLead, leadOrderedStatements } from '#features/leads/leads.server.ts';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { pricing, type PricingReading } from '#data/pricing.ts';
import { scheduleColumns } from '#data/payment-schedule.ts';
import { site } from '#data/site.ts';
import type { AppDatabase, WriteQuery } from '#server/db/index.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { newAccountToken } from '#features/accounts/account-links.server.ts';
import { accountLink } from '#features/accounts/accounts.server.ts';
import { unprovenEmailFor } from '#features/accounts/address-proof.server.ts';
import { activationMail } from '#features/accounts/mail.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { findUserByEmail, insertUserStatement, normalizeEmail } from '#features/accounts/users.server.ts';
import { buildInvoiceStatements } from '#features/invoices/build-invoice.ts';
import { holdStatements } from '#features/orders/held-orders.server.ts';
import { newOrderMail, orderConfirmationMail } from '#features/orders/mail.ts';
import {
  accountOrderUrl,
  adminOrderUrl,
  findOrderByIdempotencyKey,
  newOrderStatements,
  withItems,
  type OrderWithItems,
} from '#features/orders/orders.server.ts';
import type { PaymentProviderName } from '#server/db/schema.ts';
import { quote } from './quote.ts';
import type { CheckoutInput } from './schema.ts';

export interface PlaceResult {
  order: OrderWithItems;
  /** true when this submit repeated an earlier one: nothing new was written. */
  replay: boolean;
}

interface Customer {
  userId: string;
  statements: WriteQuery[];
  /** For a customer who has not activated an account yet. */
  activationUrl?: string;
  /** An existing account's address, typed by someone signed out: the order waits for its owner. */
  held: boolean;
  /** The address the order reaches the account through, until the account proves it. */
  unprovenEmail: string | null;
}

/** Who the order belongs to, and what has to be written first for a customer we do not know yet. */
async function customerFor(
  database: AppDatabase,
  input: CheckoutInput,
  user: SessionUser | null,
  now: number,
): Promise<Customer> {
  if (user) return { userId: user.id, statements: [], held: false, unprovenEmail: null };
  const known = await findUserByEmail(database.db, input.email);
  // Active or pending: whoever typed the address may not be its owner. An account still pending
  // gets its activation link with the confirmation, once the owner has confirmed the order.
  if (known) {
    return { userId: known.id, statements: [], held: true, unprovenEmail: unprovenEmailFor(known, input.email) };
  }
  const created = insertUserStatement(
    { name: input.name, email: input.email, passwordHash: null, status: 'pending' },
    now,
  );
  const link = newAccountToken(created.id, 'activation', now);
  const activationUrl = accountLink('/activate-account', link.token);
  return {
    userId: created.id,
    statements: [
      created.statement,
      link.statement,
      outboxInsert(
        { ...activationMail(input.name, activationUrl), kind: 'account-activation', to: normalizeEmail(input.email) },
        now,
      ),
    ],
    activationUrl,
    held: false,
    // Activating the account proves the address, and files the order there.
    unprovenEmail: normalizeEmail(input.email),
  };
}

/**
 * The order's idempotency key: the form's key (stable for a day per browser, so the back
 * button and a resubmit carry it again) with a digest of what was ordered. The same form sent
 * twice finds its order; a different order from the same browser is a new one.
 */
export function idempotencyKeyFor(input: CheckoutInput): string | null {
  if (!input.idempotencyKey) return null;
  const what = [
    normalizeEmail(input.email),
    input.name,
    input.phone,
    input.businessName,
    input.extraPages,
    input.monthly,
  ].join('\u0000');
  return `${input.idempotencyKey}.${encodeBase64urlNoPadding(sha256(new TextEncoder().encode(what))).slice(0, 22)}`;
}

export async function placeOrder(
  database: AppDatabase,
  {
    input,
    user,
    provider,
    reading = pricing,
  }: { input: CheckoutInput; user: SessionUser | null; provider: PaymentProviderName; reading?: PricingReading },
  now = Date.now(),
): Promise<PlaceResult> {
  // A signed-in customer's mail goes to their own address: the form cannot send the agency's
  // mail, with words typed there, to someone else's.
  const email = normalizeEmail(user ? user.email : input.email);
  const key = idempotencyKeyFor(input);
  for (let attempt = 0; ; attempt++) {
    const earlier = key ? await findOrderByIdempotencyKey(database.db, key) : null;
    if (earlier) return { order: await withItems(database.db, earlier), replay: true };
    const customer = await customerFor(database, input, user, now);
    const lead = input.lead ? await findLead(database.db, input.lead) : null;
    const priced = quote(reading.checkout, { extraPages: input.extraPages, monthly: input.monthly });
    const order = newOrderStatements(
      {
        userId: customer.userId,
        name: input.name,
        email,
        phone: input.phone,
        businessName: input.businessName,
        quote: priced,
        provider,
        idempotencyKey: key,
        held: customer.held,
        unprovenEmail: customer.unprovenEmail,
        leadId: lead?.id ?? null,
        // The order keeps the schedule it was placed under: a later change of pricing never re-bills it.
        schedule: reading.schedule,
      },
      now,
    );
    const mailOrder = {
      id: order.id,
      name: input.name,
      email,
      phone: input.phone,
      businessName: input.businessName,
      totalCents: priced.totalCents,
      items: priced.items,
      schedule: reading.schedule,
    };
    // Invoice mode bills the order at once; a held order's invoice waits for its confirmation.
    const invoice =
      provider === 'invoice' && !customer.held
        ? buildInvoiceStatements({ ...mailOrder, userId: customer.userId, items: priced.items }, now)
        : null;
    const confirmation = orderConfirmationMail(mailOrder, {
      provider,
      activationUrl: customer.activationUrl,
      accountUrl: accountOrderUrl(order.id),
      invoiceUrl: invoice?.url,
    });
    const notice = newOrderMail(mailOrder, { provider, adminUrl: adminOrderUrl(order.id) });
    const mails = customer.held
      ? holdStatements({ id: order.id, totalCents: priced.totalCents, email }, now)
      : [
          ...(invoice?.statements ?? []),
          outboxInsert(
            {
              ...confirmation,
              kind: 'order-confirmation',
              to: email,
              // The invoice goes in its own e-mail (invoice.statements), named by its number.
            },
            now,
          ),
          outboxInsert(
            { ...notice, kind: 'order-notification', to: serverEnv().AGENCY_INBOX ?? site.email, replyTo: email },
            now,
          ),
        ];
    try {
      await database.writes.run([
        ...customer.statements,
        ...order.statements,
        ...mails,
        // The lead whose link placed it, and the one with its address, are at 'Ordered' now.
        ...leadOrderedStatements({ leadId: lead?.id ?? null, email, held: customer.held }, now),
      ]);
    } catch (error) {
      // A second submit of the same form, or two first orders for one new e-mail, committed
      // between our read and our write: read again (once) and the database's answer stands.
      if (attempt === 0 && (isUniqueViolation(error, 'idempotency_key') || isUniqueViolation(error, 'users.email'))) {
        continue;
      }
      throw error;
    }
    return {
      replay: false,
      order: {
        id: order.id,
        userId: customer.userId,
        name: input.name,
        email,
        phone: input.phone,
        businessName: input.businessName,
        status: 'pending_payment',
        totalCents: priced.totalCents,
        currency: 'usd',
        paymentProvider: provider,
        paymentReference: null,
        idempotencyKey: key,
        version: 0,
        heldAt: customer.held ? new Date(now) : null,
        unprovenEmail: customer.unprovenEmail,
        paidAt: null,
        launchedAt: null,
        liveUrl: null,
        leadId: lead?.id ?? null,
        ...scheduleColumns(reading.schedule),
        createdAt: new Date(now),
        updatedAt: new Date(now),
        items: priced.items.map((item, position) => ({ ...item, id: '', orderId: order.id, position })),
      },
    };
  }
}
