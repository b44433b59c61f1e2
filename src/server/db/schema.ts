/**
 * Tables. Change this file, then `npm run db:generate` writes a migration into ./drizzle
 * (commit it); the server applies pending migrations when it starts.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  blob,
  check,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';

/**
 * CHECK (column IN (...)): drizzle's `text({ enum })` types the column but the database
 * would still accept any string, so every status-like column gets one of these.
 */
function oneOf(name: string, column: AnySQLiteColumn, values: readonly string[]): ReturnType<typeof check> {
  const list: SQL = sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql.raw(', '),
  );
  return check(name, sql`${column} IN (${list})`);
}

/**
 * Everything but the digits in a phone number the checkout stores: PHONE_PATTERN allows '+',
 * '(', ')', '-', '.' and white space, and the checkout writes any run of white space as one
 * space (src/features/checkout/schema.ts). Kept short: SQLite's parser refuses a deep chain.
 */
const PHONE_NOISE = ['+', '(', ')', '-', '.', ' '];

/** The digits of a phone number: SQLite has no regex replace, so it is a chain of replace(). */
function phoneDigitsOf(phone: SQL): SQL {
  let expression = phone;
  for (const c of PHONE_NOISE) expression = sql`replace(${expression}, ${sql.raw(`'${c}'`)}, '')`;
  return expression;
}

/** Messages from the contact form: stored before the visitor is told they were received. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** When an admin marked it handled (null: still open), and who. */
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    handledBy: text('handled_by'),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt),
    index('contact_messages_email_idx').on(t.email),
    index('contact_messages_open_idx').on(t.handledAt, t.createdAt),
  ],
);

export const OUTBOX_STATUSES = ['pending', 'sent', 'logged'] as const;

/** A file a queued mail carries, named by what makes it (see outbox.attachments). */
export interface AttachmentRef {
  kind: string;
  ref: string;
}

/**
 * E-mail waiting to go out. Written in the same transaction as whatever caused it, then
 * delivered (and retried with backoff) by the outbox worker, so a failed send never
 * loses the mail or the request that caused it.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    /** What the mail is about, e.g. 'contact-notification'. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * Files to attach, by reference ({ kind: 'invoice-pdf', ref: invoice id }): made when the mail
     * is sent, by the renderer the composition root registered for the kind, never stored here.
     */
    attachments: text('attachments', { mode: 'json' }).$type<AttachmentRef[]>(),
    /** 'logged': printed to the server log because no SMTP server is configured. */
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** A worker that claimed the row holds it until then (several processes may run workers). */
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    oneOf('outbox_status_check', t.status, OUTBOX_STATUSES),
  ],
);

/**
 * What a failed plain form post carries to the page it lands on (src/server/http/form-outcome.ts):
 * too large for a cookie once typed text is in it. The body is encrypted with a key only the
 * browser's cookie holds, read once and deleted; expired rows are pruned.
 */
export const formOutcomes = sqliteTable(
  'form_outcomes',
  {
    id: text('id').primaryKey(),
    body: text('body').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('form_outcomes_expires_idx').on(t.expiresAt)],
);

/** Token buckets for rate limits, shared by every server process through the database. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  tokens: real('tokens').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const USER_ROLES = ['customer', 'admin'] as const;
export const USER_STATUSES = ['active', 'pending', 'deleted'] as const;

/** People who sign in. `email` is stored lower-cased, so uniqueness is case-insensitive. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** null until the account is activated (created by checkout or an admin). */
    passwordHash: text('password_hash'),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /**
     * 'pending': created for a customer who has not set a password yet. 'deleted': the person
     * deleted their account; the row stays, anonymised, because their orders stay in the books.
     */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** A new e-mail address waiting for its confirmation link (src/features/accounts). */
    pendingEmail: text('pending_email'),
    /**
     * When the account proved it reads its current address (a verification, activation, reset or
     * e-mail change link). null: unproven, and nothing that reaches an account only through its
     * address (an order placed signed out, an agency offer) is shown in it (src/features/accounts/address-proof.server.ts).
     */
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [oneOf('users_role_check', t.role, USER_ROLES), oneOf('users_status_check', t.status, USER_STATUSES)],
);

/** Signed-in devices. The cookie holds `{id}.{secret}`; only SHA-256(secret) is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastVerifiedAt: integer('last_verified_at', { mode: 'timestamp_ms' }).notNull(),
    /** Shown in the list of active sessions. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * When this session passed the second factor (src/features/accounts/two-factor). For an account with
     * two-factor sign-in, a session without it is only half signed in: it may enter a code, nothing else.
     */
    twoFactorVerifiedAt: integer('two_factor_verified_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): one row per account that
 * started setting it up (src/features/accounts/two-factor).
 */
export const twoFactor = sqliteTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP key, sealed at rest with the server's key (src/server/email/sealed.ts). */
  secretSealed: text('secret_sealed').notNull(),
  /** null while set-up waits for its first code; from then on sign-in asks for a code. */
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  /** The last accepted 30-second time step: a code is never accepted twice for the account. */
  lastUsedStep: integer('last_used_step').notNull().default(0),
  /** New recovery codes waiting to be shown once (sealed); cleared when shown or expired. */
  recoveryCodesRevealSealed: text('recovery_codes_reveal_sealed'),
  recoveryCodesRevealUntil: integer('recovery_codes_reveal_until', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Single-use recovery codes for two-factor sign-in; only SHA-256 of each code is stored. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: blob('code_hash', { mode: 'buffer' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

export const TOKEN_PURPOSES = ['activation', 'password_reset', 'email_change'] as const;

/** Single-use links sent by e-mail (account activation, password reset); stored hashed. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    oneOf('account_tokens_purpose_check', t.purpose, TOKEN_PURPOSES),
  ],
);

export const ADDRESS_LINK_PURPOSES = ['verify-email', 'confirm-order'] as const;

/**
 * Single-use links that prove an address: 'verify-email' (the account's own address, `userId`)
 * and 'confirm-order' (the address owner confirms an order placed signed out, `orderId`). The
 * address the link was sent to is kept: a link proves that address only. Stored hashed.
 */
export const addressLinks = sqliteTable(
  'address_links',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ADDRESS_LINK_PURPOSES }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('address_links_user_idx').on(t.userId, t.purpose),
    index('address_links_order_idx').on(t.orderId),
    oneOf('address_links_purpose_check', t.purpose, ADDRESS_LINK_PURPOSES),
  ],
);

export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-out-others',
  'auth.password-change',
  'auth.password-reset',
  'auth.activate',
  'admin.bootstrap',
  'admin.promote',
  'admin.two-factor-reset',
  'order.status',
  'subscription.cancel-request',
  'subscription.accept',
  'intake.reopen',
  'account.name-change',
  'account.email-change-request',
  'account.email-change-cancel',
  'account.email-change',
  'account.export',
  'account.delete',
  'order.note',
  'order.email-customer',
  'order.refund',
  'order.cancel',
  'contact.handled',
  'subscription.create',
  'subscription.cancel',
  'subscription.price-change',
  'subscription.price-applied',
  'admin.export',
  'account.email-verify',
  'order.confirm',
  'auth.two-factor-enable',
  'auth.two-factor-disable',
  'auth.two-factor-verify',
  'auth.two-factor-recovery-code-used',
  'auth.two-factor-recovery-codes-regenerate',
  'invoice.mark-paid',
  'invoice.void',
  'invoice.send',
  'order.launch',
  'order.preview',
  'lead.stage',
  'lead.note',
  'lead.checkout-link',
  'lead.checkout-link-renew',
  'subscription.start',
  'subscription.ended',
  'invoice.credit-note',
  'request.assign',
  'request.status',
  'message.post',
  'booking.cancel',
  'booking.note',
  'booking.block',
  'booking.unblock',
  'contact.reply',
  'lead.lost',
  'invoice.issue',
  'invoice.correct',
  'quote.create',
  'quote.accept',
  'quote.decline',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who changed what, when and from where. The action is typed (AUDIT_ACTIONS) but not
 * CHECKed: a new action must not cost a rebuild of the largest table. Written in the same commit as the change
 * (src/server/security/audit.ts). Rows outlive their actor: no foreign key.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The user who acted; null for the system (start-up, CLI). */
    actorId: text('actor_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** What was changed, e.g. 'user' and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    /** The client address as resolved by the HTTP host (TRUST_PROXY aware); null outside a request. */
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'intake_received',
  'in_design',
  'preview_ready',
  'changes_requested',
  'approved',
  'launched',
  'canceled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['invoice', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const BILLING_INTERVALS = ['once', 'month', 'year'] as const;

/**
 * What a customer bought. The id is random (26 characters) because it appears in the
 * customer's URLs; amounts are integer cents in USD and computed by the server only.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Contact details as given at checkout (the account's e-mail may change later). */
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    businessName: text('business_name').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /**
     * What the customer pays now: the one-time items. A monthly plan chosen with the order is billed
     * from launch (orders placed before that rule also counted its first month here).
     */
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    paymentProvider: text('payment_provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for the payment (a Stripe Checkout Session), once there is one. */
    paymentReference: text('payment_reference'),
    /** From the checkout form: a repeated submit finds this order instead of making another. */
    idempotencyKey: text('idempotency_key').unique(),
    /** Bumped by every admin change: a form carrying an older version is refused, not applied. */
    version: integer('version').notNull().default(0),
    /**
     * Placed signed out with the address of an existing account: held (not in the account, no
     * mail with the order's own words to that address) until the address owner confirms it from
     * the e-mailed link. null: not held, or confirmed.
     */
    heldAt: integer('held_at', { mode: 'timestamp_ms' }),
    /**
     * The address through which the order reached its account (placed signed out) while that
     * account has not proven it: the order is not shown until an account proves this address,
     * and then belongs to that account. null: the account's own.
     */
    unprovenEmail: text('unproven_email'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** When the admin marked the site launched (live): a monthly plan bought with the order starts then. */
    launchedAt: integer('launched_at', { mode: 'timestamp_ms' }),
    /** The live site's address, given when it was marked launched. */
    liveUrl: text('live_url'),
    /** The lead whose prefilled checkout link placed it (no foreign key: a lead may be deleted). */
    leadId: text('lead_id'),
    /**
     * The payment schedule the order was placed under (src/data/payment-schedule.ts), kept so a
     * later change of pricing never re-bills it: the deposit's percent of the total and the stage
     * the balance falls due at. Both null: billed in full at order (every order before schedules).
     */
    depositPercent: integer('deposit_percent'),
    balanceStage: text('balance_stage', { enum: ['approved', 'launched'] }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * The phone's digits ('(407) 555-0199' is '4075550199'), computed by the database from
     * `phone` (a virtual column: nothing to write, nothing to backfill), for search by phone.
     */
    phoneDigits: text('phone_digits').generatedAlwaysAs(phoneDigitsOf(sql`"phone"`), { mode: 'virtual' }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_payment_reference_idx').on(t.paymentReference),
    // The search's terms carry the list's order (created_at): SQLite sorts the matches from the
    // index and reads only the rows of the page (0.26 ms instead of 2.3 for 792 matches of 100,000).
    index('orders_email_idx').on(t.email, t.createdAt),
    index('orders_unproven_email_idx').on(t.unprovenEmail),
    // The admin's search matches business names by case-insensitive prefix.
    index('orders_business_name_idx').on(sql`${t.businessName} COLLATE NOCASE`, t.createdAt),
    // ...and phone numbers by their digits, however they were written (/admin/orders?q=).
    index('orders_phone_digits_idx').on(t.phoneDigits, t.createdAt),
    index('orders_lead_idx').on(t.leadId),
    oneOf('orders_status_check', t.status, ORDER_STATUSES),
    oneOf('orders_payment_provider_check', t.paymentProvider, PAYMENT_PROVIDERS),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
  ],
);

/** The lines of an order, priced by the server at checkout. */
export const orderItems = sqliteTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What was sold: a plan id from src/data/pricing.ts or 'extra-page'. */
    sku: text('sku').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    oneOf('order_items_interval_check', t.interval, BILLING_INTERVALS),
    check('order_items_amount_check', sql`${t.amountCents} = ${t.unitCents} * ${t.quantity} AND ${t.quantity} > 0`),
  ],
);

/** Every status an order has had: who moved it, when, from what to what. */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The user who acted; null for the system (a payment provider, checkout itself). */
    actorId: text('actor_id'),
    /** null for the order's creation. */
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** The agency's note on this step: internal, never shown or sent to the customer. */
    note: text('note'),
    /**
     * What the customer is told about this step (their order page, their data export, the
     * status e-mail): written on purpose, in its own labelled field, never copied from `note`.
     */
    customerNote: text('customer_note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'canceling', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_SOURCES = ['checkout', 'admin'] as const;

/** A recurring plan: the All-Inclusive Monthly Plan from checkout, or a custom one from an admin. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The order it was bought with, if any. */
    orderId: text('order_id').references(() => orders.id),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }),
    /**
     * When billing began (a checkout's plan: the launch date): the day of the month it is billed on.
     * null while a checkout's plan waits for launch.
     */
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    /** When a requested cancellation takes effect (the end of the notice period). */
    cancelAt: integer('cancel_at', { mode: 'timestamp_ms' }),
    /** The provider's subscription id (Stripe `sub_…`). */
    paymentReference: text('payment_reference'),
    createdBy: text('created_by', { enum: SUBSCRIPTION_SOURCES }).notNull(),
    /** When the customer accepted a subscription the agency offered (null for checkout's own). */
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    /** A new price an admin set, charged from the next period (null: none pending). */
    nextPriceCents: integer('next_price_cents'),
    /** When nextPriceCents takes over (the next billing date after the change); housekeeping applies it. */
    nextPriceFrom: integer('next_price_from', { mode: 'timestamp_ms' }),
    /** Bumped by every admin change (version check, like orders). */
    version: integer('version').notNull().default(0),
    /** When the provider's object last changed (Stripe event time): older news never overwrites newer. */
    providerUpdatedAt: integer('provider_updated_at', { mode: 'timestamp_ms' }),
    /** As orders.unproven_email: an offer (or a signed-out order's plan) waiting for its address to be proven. */
    unprovenEmail: text('unproven_email'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    // An order's plans, on its admin and customer pages (a scan of every plan without it).
    index('subscriptions_order_idx').on(t.orderId, t.createdAt),
    index('subscriptions_status_idx').on(t.status),
    index('subscriptions_payment_reference_idx').on(t.paymentReference),
    index('subscriptions_created_at_idx').on(t.createdAt),
    index('subscriptions_next_price_idx').on(t.nextPriceFrom),
    index('subscriptions_unproven_email_idx').on(t.unprovenEmail),
    oneOf('subscriptions_status_check', t.status, SUBSCRIPTION_STATUSES),
    oneOf('subscriptions_interval_check', t.interval, BILLING_INTERVALS),
    oneOf('subscriptions_created_by_check', t.createdBy, SUBSCRIPTION_SOURCES),
    check('subscriptions_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** Stripe webhook events already applied: recorded in the same commit as their effects. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own time (Stripe `created`). */
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

export const INTAKE_STATUSES = ['draft', 'submitted'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/**
 * The website intake for an order: what the customer wants built. Saved as a draft while
 * they type (every save bumps `version`; a save carrying an older version is refused, so two
 * tabs never overwrite each other), locked once submitted until the agency reopens it.
 */
export const intakes = sqliteTable(
  'intakes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: INTAKE_STATUSES }).notNull().default('draft'),
    version: integer('version').notNull().default(0),
    /** The answers as JSON (src/features/intake/schema.ts documents every field). */
    data: text('data', { mode: 'json' }).notNull().$type<Record<string, string>>(),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('intakes_user_idx').on(t.userId),
    index('intakes_status_idx').on(t.status, t.updatedAt),
    oneOf('intakes_status_check', t.status, INTAKE_STATUSES),
  ],
);

export const INTAKE_FILE_KINDS = ['logo', 'photo'] as const;

/** Logos and photos uploaded with an intake: stored outside the public folder under random names. */
export const intakeFiles = sqliteTable(
  'intake_files',
  {
    id: text('id').primaryKey(),
    intakeId: text('intake_id')
      .notNull()
      .references(() => intakes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: INTAKE_FILE_KINDS }).notNull(),
    /** The browser's id for this file: a retried upload finds the first one. */
    clientKey: text('client_key').notNull(),
    /** As the customer named it (shown, never used as a path). */
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Random file names inside UPLOADS_DIR. */
    storedName: text('stored_name').notNull(),
    thumbName: text('thumb_name').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('intake_files_intake_idx').on(t.intakeId, t.createdAt),
    uniqueIndex('intake_files_client_key_idx').on(t.intakeId, t.clientKey),
    oneOf('intake_files_kind_check', t.kind, INTAKE_FILE_KINDS),
  ],
);

/** Internal notes on an order: for the agency only, never shown to the customer. */
export const orderNotes = sqliteTable(
  'order_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The admin who wrote it (no foreign key: notes outlive their author's account). */
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/** 'ordered': an order is placed, not yet paid; 'won': it is paid. */
export const LEAD_STAGES = ['new', 'contacted', 'call_booked', 'proposal_sent', 'ordered', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/**
 * A person who may become a customer: one per e-mail address (lowercased), made by their first
 * contact message or booked call. Stages move with what happens (features/leads/leads.server.ts:
 * a reply, a booked call, an order, its payment, silence after the agency wrote) and by hand.
 * Everything they did is found by the address.
 */
export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    /** Lowercased: the key their messages, bookings and orders are found by. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone'),
    businessName: text('business_name'),
    stage: text('stage', { enum: LEAD_STAGES }).notNull().default('new'),
    /** What first brought them: 'contact' (the form) or 'booking' (a call). */
    source: text('source').notNull(),
    /** Bumped by every admin change: a form carrying an older version is refused. */
    version: integer('version').notNull().default(0),
    /**
     * Until when the checkout link the agency sent prefills the checkout (a week from sending or
     * renewing); null while none was sent. A won or lost lead's link prefills nothing either.
     */
    checkoutLinkExpiresAt: integer('checkout_link_expires_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Their latest message or booking, or the agency's latest change. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * When the agency last wrote to them (a reply, a checkout link) with no word from them since
     * (null: nothing pending). Housekeeping marks the lead lost when this gets too old.
     */
    awaitingReplySince: integer('awaiting_reply_since', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('leads_updated_at_idx').on(t.updatedAt),
    index('leads_stage_idx').on(t.stage, t.updatedAt),
    index('leads_awaiting_reply_idx')
      .on(t.awaitingReplySince)
      .where(sql`${t.awaitingReplySince} IS NOT NULL`),
    oneOf('leads_stage_check', t.stage, LEAD_STAGES),
  ],
);

/**
 * The agency's answers to a contact message, written in /admin and e-mailed from the product
 * (the outbox row and the audit entry commit with it); shown on the message and the lead.
 */
export const contactReplies = sqliteTable(
  'contact_replies',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** The admin who wrote it (no foreign key: replies outlive their author's account). */
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);

/** The agency's notes on a lead (admins only). */
export const leadNotes = sqliteTable(
  'lead_notes',
  {
    id: text('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);

export const REVIEW_OUTCOMES = ['approved', 'changes_requested'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/**
 * One review round of a project: the preview the agency posted and the customer's answer to it
 * (approve for launch, or the changes wanted). Rounds are numbered per order from 1; a change
 * request beyond the revision rounds the offer includes is still accepted, flagged `extra_work`.
 */
export const orderReviews = sqliteTable(
  'order_reviews',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    previewUrl: text('preview_url').notNull(),
    /** What the agency says with the preview (shown to the customer). */
    message: text('message'),
    postedAt: integer('posted_at', { mode: 'timestamp_ms' }).notNull(),
    /** The admin who posted it (no foreign key: the record outlives their account). */
    postedBy: text('posted_by').notNull(),
    outcome: text('outcome', { enum: REVIEW_OUTCOMES }),
    /** What the customer asked to change (with `outcome` 'changes_requested'). */
    changes: text('changes'),
    /** This change request is beyond the revision rounds included: the agency quotes it as extra work. */
    extraWork: integer('extra_work', { mode: 'boolean' }).notNull().default(false),
    respondedAt: integer('responded_at', { mode: 'timestamp_ms' }),
    /** Who answered: the customer's user id (or an admin answering for them). */
    respondedBy: text('responded_by'),
  },
  (t) => [
    uniqueIndex('order_reviews_round_idx').on(t.orderId, t.round),
    oneOf('order_reviews_outcome_check', t.outcome, REVIEW_OUTCOMES),
  ],
);

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/**
 * What an invoice bills: an order's one-time items in full ('build'), or in two parts under a
 * payment schedule ('deposit' at order, 'balance' at a stage); a period of a plan; extra revision
 * rounds the customer accepted from a quote ('revisions'); anything the owner writes by hand
 * ('manual'); or (a credit note) money returned.
 */
export const INVOICE_PURPOSES = ['build', 'deposit', 'balance', 'plan', 'revisions', 'manual', 'credit'] as const;
/** The purposes that bill an order's build: at most one live invoice of each per order. */
export const BUILD_PURPOSES = ['build', 'deposit', 'balance'] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];
/** Stored states; 'overdue' is derived (open and past its due date), never stored. */
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_METHODS = ['bank_transfer', 'check', 'cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The last number used per series and year ('INV' 2026 -> 41): bumped in the same commit as the
 * invoice that takes the number, so a rolled-back issue leaves no gap and two never share one.
 */
export const invoiceCounters = sqliteTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('invoice_counters_series_year_idx').on(t.series, t.year)],
);

/**
 * A document the agency issued: an invoice (INV-2026-0001) or a credit note against one
 * (CN-2026-0001). Issued once and never changed but for its payment, reminders and voiding;
 * the customer's details are copied in as they were on the day.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    purpose: text('purpose', { enum: INVOICE_PURPOSES }).notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').references(() => orders.id),
    subscriptionId: text('subscription_id').references(() => subscriptions.id),
    /** A plan invoice's billing period (start inclusive, end exclusive). */
    periodStart: integer('period_start', { mode: 'timestamp_ms' }),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }),
    /** A credit note's invoice. */
    creditFor: text('credit_for'),
    /** The voided invoice this one corrects (its replacement is found by this column, both ways). */
    replaces: text('replaces'),
    /** Why a credit note was issued by hand (a partial credit), shown on its page, PDF and e-mail. */
    creditReason: text('credit_reason'),
    /** The owner's note on an invoice written by hand (shown on its page and in its e-mail). */
    note: text('note'),
    customerName: text('customer_name').notNull(),
    customerBusiness: text('customer_business').notNull(),
    customerEmail: text('customer_email').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    paidCents: integer('paid_cents'),
    paidMethod: text('paid_method', { enum: PAYMENT_METHODS }),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidReason: text('void_reason'),
    /** The provider's id for the payment this records (Stripe invoice or Checkout Session): one receipt each. */
    providerReference: text('provider_reference').unique(),
    /** Reminders sent (3 days before, on the due date, 7 days after) and the agency's overdue notice. */
    remindedBeforeAt: integer('reminded_before_at', { mode: 'timestamp_ms' }),
    remindedDueAt: integer('reminded_due_at', { mode: 'timestamp_ms' }),
    remindedOverdueAt: integer('reminded_overdue_at', { mode: 'timestamp_ms' }),
    agencyToldOverdueAt: integer('agency_told_overdue_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_series_idx').on(t.kind, t.year, t.sequence),
    // One live invoice per order and build purpose (in full, or deposit and balance) and one per
    // plan period, whatever retries and races do.
    uniqueIndex('invoices_build_idx')
      .on(t.orderId, t.purpose)
      .where(sql`${t.purpose} IN ('build', 'deposit', 'balance') AND ${t.status} <> 'void'`),
    // A voided invoice is corrected once: its live replacement is unique.
    uniqueIndex('invoices_replaces_idx')
      .on(t.replaces)
      .where(sql`${t.replaces} IS NOT NULL AND ${t.status} <> 'void'`),
    uniqueIndex('invoices_plan_period_idx')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.purpose} = 'plan' AND ${t.status} <> 'void'`),
    // An invoice's credit notes, summed by the lifecycle's guard (live credits never exceed what
    // was paid: several partial credits are allowed); a provider refund is credited once by its
    // unique provider_reference.
    index('invoices_credit_idx')
      .on(t.creditFor)
      .where(sql`${t.kind} = 'credit_note'`),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_status_due_idx').on(t.status, t.dueAt),
    // due_at rides along so the overdue list skips not-yet-due open invoices inside the index
    // (about 1,400 row reads a page at 100,000 invoices without it).
    index('invoices_status_issued_idx').on(t.status, t.issuedAt, t.dueAt),
    // The dashboard's revenue: payments by the day they arrived; credit notes (few) by kind.
    // Covering (status, paid_cents): the twelve weeks' sum reads no row.
    index('invoices_kind_paid_idx').on(t.kind, t.paidAt, t.status, t.paidCents),
    // As the orders' search: each term carries the list's order, so a page reads only its rows.
    index('invoices_email_idx').on(t.customerEmail, t.issuedAt),
    index('invoices_business_idx').on(sql`${t.customerBusiness} COLLATE NOCASE`, t.issuedAt),
    oneOf('invoices_kind_check', t.kind, INVOICE_KINDS),
    oneOf('invoices_purpose_check', t.purpose, INVOICE_PURPOSES),
    oneOf('invoices_status_check', t.status, INVOICE_STATUSES),
    // NULL IN (...) is NULL, which a CHECK lets through: the method is required only once paid.
    oneOf('invoices_paid_method_check', t.paidMethod, PAYMENT_METHODS),
    check('invoices_total_check', sql`${t.totalCents} >= 0`),
    check('invoices_paid_check', sql`${t.paidCents} IS NULL OR ${t.paidCents} >= 0`),
  ],
);

/**
 * A payment received against an invoice: the ledger's record. An invoice's paid amount
 * (`invoices.paid_cents`) is the sum of its payments, written by the lifecycle in the same commit
 * (src/features/lifecycle), so the dashboard's covering index keeps reading no row.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    /** When the money arrived (the day the admin gave, or the provider's). */
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }),
    /** The admin who recorded it; null when the payment provider did. */
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's id for it (a Stripe Checkout Session or invoice). */
    providerReference: text('provider_reference'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.receivedAt),
    index('payments_received_idx').on(t.receivedAt, t.amountCents),
    oneOf('payments_method_check', t.method, PAYMENT_METHODS),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** An invoice's lines, in integer cents. */
export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    check('invoice_lines_amount_check', sql`${t.amountCents} = ${t.unitCents} * ${t.quantity} AND ${t.quantity} > 0`),
  ],
);

// Messages and care-plan requests (src/features/messages, src/features/requests) ---------------

export const CARE_REQUEST_STATUSES = ['open', 'in_progress', 'done'] as const;
export type CareRequestStatus = (typeof CARE_REQUEST_STATUSES)[number];

/** A content update a customer with an active plan asks for (/account/requests, /admin/requests). */
export const careRequests = sqliteTable(
  'care_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The page of their site it is about, as the customer names it. */
    page: text('page').notNull(),
    /** What to change. */
    details: text('details').notNull(),
    status: text('status', { enum: CARE_REQUEST_STATUSES }).notNull(),
    /** The team member handling it (a name from src/data/team.ts), null while unassigned. */
    assignee: text('assignee'),
    /** Bumped by every admin change, so two admins do not overwrite each other. */
    version: integer('version').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('care_requests_user_idx').on(t.userId, t.createdAt),
    index('care_requests_status_idx').on(t.status, t.createdAt, t.id),
    // The queue without a status filter: newest first, a page at a time.
    index('care_requests_created_idx').on(t.createdAt, t.id),
    oneOf('care_requests_status_check', t.status, CARE_REQUEST_STATUSES),
  ],
);

export const MESSAGE_SIDES = ['customer', 'agency'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/**
 * One conversation between a customer and the agency: about an order (its Messages) or about a
 * care-plan request (its replies). Each side's unread count is kept here, so /account and
 * /admin count without scanning messages.
 */
export const messageThreads = sqliteTable(
  'message_threads',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    requestId: text('request_id').references(() => careRequests.id, { onDelete: 'cascade' }),
    /** The customer on the thread (the order's or the request's owner). */
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages from the agency the customer has not opened yet. */
    unreadByCustomer: integer('unread_by_customer').notNull().default(0),
    /** Messages from the customer the agency has not opened yet. */
    unreadByAgency: integer('unread_by_agency').notNull().default(0),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('message_threads_order_idx').on(t.orderId),
    uniqueIndex('message_threads_request_idx').on(t.requestId),
    index('message_threads_customer_idx').on(t.customerId, t.unreadByCustomer),
    index('message_threads_agency_unread_idx').on(t.unreadByAgency),
    // The dashboard's newest threads with unread messages: read in order, ten rows, not sorted.
    index('message_threads_agency_unread_recent_idx')
      .on(t.lastMessageAt)
      .where(sql`${t.unreadByAgency} > 0`),
    check('message_threads_subject_check', sql`(${t.orderId} IS NULL) <> (${t.requestId} IS NULL)`),
    check('message_threads_unread_check', sql`${t.unreadByCustomer} >= 0 AND ${t.unreadByAgency} >= 0`),
  ],
);

/** A message on a thread: text, and at most one image through the upload pipeline (re-encoded). */
export const threadMessages = sqliteTable(
  'thread_messages',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    /** Who wrote it (no foreign key: a message outlives its author's account). */
    authorId: text('author_id').notNull(),
    side: text('side', { enum: MESSAGE_SIDES }).notNull(),
    body: text('body').notNull(),
    /** The attached image, if any: the name the customer gave it and our stored copies. */
    fileName: text('file_name'),
    fileMimeType: text('file_mime_type'),
    fileBytes: integer('file_bytes'),
    fileWidth: integer('file_width'),
    fileHeight: integer('file_height'),
    fileStoredName: text('file_stored_name'),
    fileThumbName: text('file_thumb_name'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('thread_messages_thread_idx').on(t.threadId, t.createdAt),
    oneOf('thread_messages_side_check', t.side, MESSAGE_SIDES),
  ],
);

// ---- Bookings: calls scheduled at /book (src/features/bookings) ----

export const BOOKING_STATUSES = ['active', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A 30-minute call a visitor booked. The id is the manage link's token id; only SHA-256 of the
 * token's secret is kept, so a copy of the database holds no working manage link. One active
 * booking per start time, enforced by a partial unique index: a cancelled one frees its slot.
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    /** The reminder mail carries a manage link of its own (the first one's secret is not kept): its hash. */
    reminderSecretHash: blob('reminder_secret_hash', { mode: 'buffer' }),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    name: text('name').notNull(),
    /** Lower-cased, so it matches orders and messages by e-mail. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    business: text('business'),
    topic: text('topic').notNull(),
    /** The calendar invitation's SEQUENCE: bumped on every reschedule and on cancelling. */
    sequence: integer('sequence').notNull().default(0),
    /** The agency's own notes (admin only). */
    notes: text('notes'),
    /** The 24-hour reminder went (or was not needed): set once, so it is sent once. */
    remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    /** 'visitor' or 'agency'. */
    cancelledBy: text('cancelled_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('bookings_active_slot_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'active'`),
    index('bookings_starts_at_idx').on(t.startsAt),
    index('bookings_email_idx').on(t.email),
    oneOf('bookings_status_check', t.status, BOOKING_STATUSES),
    check('bookings_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A time range the admin closed for booking (start inclusive, end exclusive). */
export const bookingBlocks = sqliteTable(
  'booking_blocks',
  {
    id: text('id').primaryKey(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    reason: text('reason'),
    createdBy: text('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('booking_blocks_ends_at_idx').on(t.endsAt),
    check('booking_blocks_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const QUOTE_STATUSES = ['open', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * A quote for extra revision rounds on an order that used the rounds its offer includes: the
 * admin writes it (rounds, a price per round), the order's customer accepts it in the portal
 * (which issues a 'revisions' invoice in the same commit, `invoice_id`) or declines it. One open
 * quote per order at a time.
 */
export const revisionQuotes = sqliteTable(
  'revision_quotes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    rounds: integer('rounds').notNull(),
    unitCents: integer('unit_cents').notNull(),
    /** What the agency says with it (shown to the customer). */
    note: text('note'),
    status: text('status', { enum: QUOTE_STATUSES }).notNull(),
    /** The invoice its acceptance issued. */
    invoiceId: text('invoice_id').references(() => invoices.id),
    /** The admin who wrote it (no foreign key: the record outlives their account). */
    createdBy: text('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    answeredBy: text('answered_by'),
  },
  (t) => [
    index('revision_quotes_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('revision_quotes_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('revision_quotes_invoice_idx').on(t.invoiceId),
    oneOf('revision_quotes_status_check', t.status, QUOTE_STATUSES),
    check('revision_quotes_rounds_check', sql`${t.rounds} BETWEEN 1 AND 20`),
    check('revision_quotes_unit_check', sql`${t.unitCents} > 0`),
  ],
);
