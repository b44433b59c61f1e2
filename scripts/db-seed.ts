// `npm run db:seed -- --orders 100000 --messages 100000 --subscriptions 10000 --invoices 100000
//   --bookings 100000 --threads 20000 --requests 10000 --leads 20000 [--force]`:
// fills DATABASE_URL with realistic-looking customers, orders (with items and a few intakes),
// contact messages, subscriptions, invoices (with their lines), audit entries, booked calls,
// project message threads (about five messages each, with review rounds on their orders),
// care-plan requests and leads, for trying the admin lists at volume and for scripts/bench-admin.ts.
// Never run it against production: the rows are invented.
import { parseArgs } from 'node:util';
import type { InStatement } from '@libsql/client';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { openDatabase } from '#server/db/client.ts';
import { build } from '#server/db/index.ts';
import { toStatement } from '#server/db/write-queue.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import {
  auditLog,
  bookings,
  careRequests,
  contactMessages,
  intakes,
  invoiceCounters,
  invoiceLines,
  invoices,
  LEAD_STAGES,
  leads,
  messageThreads,
  orderItems,
  orderReviews,
  orders,
  payments,
  SUBSCRIPTION_STATUSES,
  subscriptions,
  threadMessages,
  users,
  type CareRequestStatus,
  type OrderStatus,
} from '#server/db/schema.ts';
import { serverEnv } from '#server/env.ts';
import { randomId } from '#server/security/tokens.ts';
import { site } from '#data/site.ts';
import { team } from '#data/team.ts';
import { addDays, agencyDayOf, agencyInstant, weekdayOf } from '#features/bookings/zone.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '1000' },
    subscriptions: { type: 'string', default: '100' },
    invoices: { type: 'string', default: '100' },
    bookings: { type: 'string', default: '100' },
    threads: { type: 'string', default: '100' },
    requests: { type: 'string', default: '100' },
    leads: { type: 'string', default: '100' },
    force: { type: 'boolean', default: false },
  },
});
const count = (name: string, raw: string | undefined) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return n;
};
const ORDERS = count('orders', values.orders);
const MESSAGES = count('messages', values.messages);
const SUBSCRIPTIONS = count('subscriptions', values.subscriptions);
const INVOICES = count('invoices', values.invoices);
const BOOKINGS = count('bookings', values.bookings);
const THREADS = count('threads', values.threads);
const REQUESTS = count('requests', values.requests);
const LEADS = count('leads', values.leads);
/** A database with more orders than this is probably not a scratch one: refuse unless --force. */
const REFUSE_ABOVE = 1000;
/** Rows per INSERT (kept under SQLite's 32,766 bound parameters) and INSERTs per transaction. */
const ROWS_PER_INSERT = 400;
const INSERTS_PER_BATCH = 25;

const env = serverEnv();
const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
await migrateDatabase(database);
const { client } = database;
const existing = Number((await client.execute('SELECT count(*) AS n FROM orders')).rows[0]?.n ?? 0);
if (existing > REFUSE_ABOVE && !values.force) {
  console.error(
    `db:seed: the database already has ${existing} orders (more than ${REFUSE_ABOVE}); pass --force to add more.`,
  );
  client.close();
  process.exit(1);
}

// A fixed-seed generator: the same command gives the same data (handy when comparing benches).
let state = 0x9e3779b9;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
// Ids in the app's own alphabet, so the pages' id and cursor patterns accept them.
const id = randomId;

const FIRST = [
  'Maria',
  'James',
  'Ana',
  'Robert',
  'Linh',
  'Carlos',
  'Aisha',
  'David',
  'Sofia',
  'Kwame',
  'Emily',
  'José',
];
const LAST = ['Lopez', 'Smith', 'Nguyen', 'Johnson', 'Garcia', 'Brown', 'Okafor', 'Davis', 'Martinez', 'Patel'];
const TRADES = ['Bakery', 'Plumbing', 'Dental', 'Landscaping', 'Realty', 'Auto Repair', 'Yoga Studio', 'Law Office'];
const PLACES = ['Orlando', 'Winter Park', 'Kissimmee', 'Sanford', 'Lake Nona', 'Oviedo', 'Apopka', 'Clermont'];
/** Weighted so most orders are somewhere in the build, as in a running agency. */
const STATUSES: readonly OrderStatus[] = [
  'pending_payment',
  'paid',
  'paid',
  'intake_received',
  'in_design',
  'in_design',
  'preview_ready',
  'launched',
  'launched',
  'launched',
  'canceled',
  'refunded',
];
const TWELVE_WEEKS = 12 * 7 * 24 * 3600 * 1000;
const now = Date.now();
const recent = () => new Date(now - Math.floor(random() * TWELVE_WEEKS));

/** Inserts rows in multi-row INSERTs, several per write transaction (client.batch). */
async function insertAll<T extends SQLiteTable>(table: T, rows: (T['$inferInsert'] & object)[]) {
  const inserts: InStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    inserts.push(toStatement(build.insert(table).values(rows.slice(i, i + ROWS_PER_INSERT))));
  }
  for (let i = 0; i < inserts.length; i += INSERTS_PER_BATCH) {
    await client.batch(inserts.slice(i, i + INSERTS_PER_BATCH), 'write');
  }
}

const started = performance.now();
const run = Date.now().toString(36);

// Customers: about one for every three orders (repeat customers), at least one.
type Customer = { id: string; name: string; email: string; business: string; createdAt: Date };
const customers: Customer[] = [];
const customerCount = Math.max(1, Math.ceil(ORDERS / 3), Math.ceil(SUBSCRIPTIONS / 2));
for (let i = 0; i < customerCount; i++) {
  const first = pick(FIRST);
  const last = pick(LAST);
  customers.push({
    id: id(),
    name: `${first} ${last}`,
    // ASCII-folded and numbered so addresses stay unique across runs (--force).
    email: `${first.normalize('NFD').replace(/[^a-z]/gi, '')}.${last}.${run}${i}@example.com`.toLowerCase(),
    business: `${pick(PLACES)} ${pick(TRADES)}`,
    createdAt: recent(),
  });
}
customers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
await insertAll(
  users,
  customers.map((c) => ({
    id: c.id,
    name: c.name,
    email: c.email,
    role: 'customer' as const,
    // 'pending': created by checkout, no password yet (seeded accounts cannot sign in).
    status: 'pending' as const,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
  })),
);

const orderRows: (typeof orders.$inferInsert)[] = [];
const itemRows: (typeof orderItems.$inferInsert)[] = [];
const intakeRows: (typeof intakes.$inferInsert)[] = [];
for (let i = 0; i < ORDERS; i++) {
  const customer = pick(customers);
  const createdAt = recent();
  const status = pick(STATUSES);
  const orderId = id();
  const pages = Math.floor(random() * 4);
  const total = 380_000 + pages * 15_000;
  orderRows.push({
    id: orderId,
    userId: customer.id,
    name: customer.name,
    email: customer.email,
    phone: `(407) 555-${String(1000 + Math.floor(random() * 9000))}`,
    businessName: customer.business,
    status,
    totalCents: total,
    paymentProvider: random() < 0.7 ? 'stripe' : 'invoice',
    paidAt: status === 'pending_payment' || status === 'canceled' ? null : createdAt,
    createdAt,
    updatedAt: createdAt,
  });
  itemRows.push({
    id: id(),
    orderId,
    sku: 'website',
    description: 'Custom website design',
    quantity: 1,
    unitCents: 380_000,
    amountCents: 380_000,
    interval: 'once',
    position: 0,
  });
  if (pages > 0) {
    itemRows.push({
      id: id(),
      orderId,
      sku: 'extra-page',
      description: 'Extra page',
      quantity: pages,
      unitCents: 15_000,
      amountCents: pages * 15_000,
      interval: 'once',
      position: 1,
    });
  }
  if (status === 'intake_received' && intakeRows.length < 200) {
    intakeRows.push({
      id: id(),
      orderId,
      userId: customer.id,
      status: 'submitted',
      version: 3,
      data: { businessDescription: `${customer.business}, family run since 2009.`, colors: 'Teal and sand' },
      submittedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
// Inserted in creation order, like real traffic (so rowid order follows created_at).
orderRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
await insertAll(orders, orderRows);
await insertAll(orderItems, itemRows);
await insertAll(intakes, intakeRows);

const messageRows: (typeof contactMessages.$inferInsert)[] = [];
for (let i = 0; i < MESSAGES; i++) {
  const first = pick(FIRST);
  const createdAt = recent();
  const handled = random() < 0.7;
  messageRows.push({
    id: crypto.randomUUID(),
    name: `${first} ${pick(LAST)}`,
    email: `${first
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}${i}@example.org`,
    subject: random() < 0.8 ? `Website for my ${pick(TRADES).toLowerCase()}` : null,
    message: 'Hello, we would like a new website with online booking. What would it cost and how long does it take?',
    createdAt,
    handledAt: handled ? new Date(createdAt.getTime() + 3_600_000) : null,
  });
}
messageRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
await insertAll(contactMessages, messageRows);

/**
 * A plan bought with an order follows the order (the lifecycle's invariants, `npm run db:check`):
 * it bills only once the site is launched and has ended with a canceled or refunded project.
 */
const planStatusOf = (status: OrderStatus): (typeof SUBSCRIPTION_STATUSES)[number] =>
  status === 'launched'
    ? pick(['active', 'active', 'active', 'past_due', 'canceling', 'canceled'] as const)
    : status === 'canceled' || status === 'refunded'
      ? 'canceled'
      : 'pending';
const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
for (let i = 0; i < SUBSCRIPTIONS; i++) {
  const order = orderRows.length > 0 && random() < 0.8 ? pick(orderRows) : null;
  const userId = order?.userId ?? pick(customers).id;
  const createdAt = order?.createdAt ?? recent();
  subscriptionRows.push({
    id: id(),
    userId,
    orderId: order?.id ?? null,
    description: order ? 'All-Inclusive Monthly Plan' : 'Local SEO, monthly',
    priceCents: order ? 9_900 : 45_000,
    interval: 'month',
    status: order ? planStatusOf(order.status!) : pick(SUBSCRIPTION_STATUSES),
    currentPeriodEnd: new Date(createdAt.getTime() + 30 * 86_400_000),
    createdBy: order ? 'checkout' : 'admin',
    createdAt,
    updatedAt: createdAt,
  });
}
subscriptionRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
await insertAll(subscriptions, subscriptionRows);

// Invoices: one per order's build (paid unless the order still waits for payment or was
// canceled), the rest the monthly plan's; numbered per Orlando year in issue order, as issued.
const passed = (at: number) => (at <= now ? new Date(at) : null);
const sentReminders = (dueAt: number) => ({
  remindedBeforeAt: passed(dueAt - 3 * 86_400_000),
  remindedDueAt: passed(dueAt - 86_400_000),
  remindedOverdueAt: passed(dueAt + 7 * 86_400_000),
  agencyToldOverdueAt: passed(dueAt),
});
const invoiceRows: (typeof invoices.$inferInsert)[] = [];
const invoiceLineRows: (typeof invoiceLines.$inferInsert)[] = [];
const customersById = new Map(customers.map((c) => [c.id, c]));
for (let i = 0; i < INVOICES; i++) {
  const order = i < orderRows.length ? orderRows[i]! : null;
  const customer = order ? customersById.get(order.userId)! : pick(customers);
  const issuedAt = order?.createdAt ?? recent();
  const cents = order?.totalCents ?? 9_900;
  const roll = random();
  const status = order
    ? order.status === 'pending_payment'
      ? 'open'
      : order.status === 'canceled'
        ? 'void'
        : 'paid'
    : roll < 0.88
      ? 'paid'
      : roll < 0.98
        ? 'open'
        : 'void';
  const invoiceId = id();
  invoiceRows.push({
    id: invoiceId,
    kind: 'invoice',
    purpose: order ? 'build' : 'plan',
    year: 0,
    sequence: 0,
    number: '',
    userId: customer.id,
    orderId: order?.id ?? null,
    customerName: customer.name,
    customerBusiness: customer.business,
    customerEmail: customer.email,
    totalCents: cents,
    status,
    issuedAt,
    dueAt: new Date(issuedAt.getTime() + 14 * 86_400_000),
    paidAt: status === 'paid' ? new Date(issuedAt.getTime() + 3 * 86_400_000) : null,
    paidCents: status === 'paid' ? cents : null,
    paidMethod: status === 'paid' ? pick(['bank_transfer', 'check', 'card', 'card'] as const) : null,
    voidedAt: status === 'void' ? issuedAt : null,
    voidReason: status === 'void' ? 'Order canceled' : null,
    // A running site has sent each reminder whose moment has passed (src/features/invoices/
    // reminders.server.ts): without these, the server's first housekeeping run would queue
    // thousands of mails while a bench measures.
    ...(status === 'open' ? sentReminders(issuedAt.getTime() + 14 * 86_400_000) : {}),
    createdAt: issuedAt,
  });
  invoiceLineRows.push({
    id: id(),
    invoiceId,
    position: 0,
    description: order ? 'Custom website design' : 'All-Inclusive Monthly Plan',
    quantity: 1,
    unitCents: cents,
    amountCents: cents,
  });
}
invoiceRows.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());
const orlandoYear = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: site.timeZoneId });
const lastOfYear = new Map<number, number>();
// Numbers continue whatever an earlier run (--force) took: the counters say where each year is.
for (const row of (await client.execute('SELECT year, last FROM invoice_counters WHERE series = ?', ['INV'])).rows) {
  lastOfYear.set(Number(row.year), Number(row.last));
}
for (const row of invoiceRows) {
  const year = Number(orlandoYear.format(row.issuedAt));
  const sequence = (lastOfYear.get(year) ?? 0) + 1;
  lastOfYear.set(year, sequence);
  Object.assign(row, { year, sequence, number: `INV-${year}-${String(sequence).padStart(4, '0')}` });
}
await insertAll(invoices, invoiceRows);
await insertAll(invoiceLines, invoiceLineRows);
// What a paid invoice received is its payment (the ledger `npm run db:check` compares it with).
await insertAll(
  payments,
  invoiceRows
    .filter((row) => row.status === 'paid')
    .map((row) => ({
      id: id(),
      invoiceId: row.id,
      amountCents: row.paidCents!,
      receivedAt: row.paidAt!,
      method: row.paidMethod ?? null,
      createdAt: row.paidAt!,
    })),
);
for (const [year, last] of lastOfYear) {
  await client.execute(
    toStatement(
      build
        .insert(invoiceCounters)
        .values({ series: 'INV', year, last })
        .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.year], set: { last } }),
    ),
  );
}

// One status change in the audit log for every tenth order, so /admin/audit has volume too.
const auditRows: (typeof auditLog.$inferInsert)[] = orderRows
  .filter((_, i) => i % 10 === 0)
  .map((o) => ({
    id: crypto.randomUUID(),
    at: o.createdAt,
    actorId: null,
    action: 'order.status' as const,
    entityType: 'order',
    entityId: o.id,
    before: { status: 'pending_payment' },
    after: { status: o.status },
    ip: null,
  }));
await insertAll(auditLog, auditRows);

// Leads at every stage: the first ones are people who wrote through the contact form (their
// address finds their messages), the rest came by a booked call.
const leadRows: (typeof leads.$inferInsert)[] = [];
for (let i = 0; i < LEADS; i++) {
  const message = messageRows[i];
  const first = pick(FIRST);
  const createdAt = message?.createdAt ?? recent();
  leadRows.push({
    id: id(),
    email:
      message?.email ??
      `${first
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}.${run}.lead${i}@example.net`,
    name: message?.name ?? `${first} ${pick(LAST)}`,
    phone: random() < 0.6 ? `(407) 555-${String(1000 + Math.floor(random() * 9000))}` : null,
    businessName: random() < 0.7 ? `${pick(PLACES)} ${pick(TRADES)}` : null,
    stage: pick(LEAD_STAGES),
    source: message ? 'contact' : 'booking',
    version: 0,
    createdAt,
    updatedAt: new Date(createdAt.getTime() + Math.floor(random() * 7 * 86_400_000)),
  });
}
leadRows.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime());
await insertAll(leads, leadRows);

// Booked calls in the weekday call hours (site.ts), in Orlando's time. Active calls need a start
// of their own (a partial unique index), so they fill about three slots in four, going out from
// today into the past and the future as far as it takes; the next two weeks stay half free, as
// /book would see them. Cancelled calls may share a start with anything.
const CALL_HOURS = site.businessHours.spec.find((h) => (h.days as readonly string[]).includes('Monday'));
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const slotStarts = (day: string): Date[] => {
  if (!CALL_HOURS || !(CALL_HOURS.days as readonly string[]).includes(weekdayOf(day))) return [];
  const starts: Date[] = [];
  for (let m = minutesOf(CALL_HOURS.opens); m + 30 <= minutesOf(CALL_HOURS.closes); m += 30) {
    starts.push(agencyInstant(day, m));
  }
  return starts;
};
const activeBookings = Math.round(BOOKINGS * 0.85);
const activeStarts: Date[] = [];
const today = agencyDayOf(now);
for (let d = 0; activeStarts.length < activeBookings && d < 200_000; d++) {
  // Alternate the future (0, 1, 2, ...) and the past (-1, -2, ...) so both grow together.
  const offset = d % 2 === 0 ? d / 2 : -(d + 1) / 2;
  const fill = Math.abs(offset) <= 14 ? 0.5 : 0.75;
  for (const start of slotStarts(addDays(today, offset))) {
    if (activeStarts.length < activeBookings && random() < fill) activeStarts.push(start);
  }
}
const bookingRows: (typeof bookings.$inferInsert)[] = [];
const TOPICS = ['A new website for my business', 'Redesign of our site', 'Online booking for clients', 'Local SEO'];
for (let i = 0; i < BOOKINGS; i++) {
  const active = i < activeStarts.length;
  const startsAt = active ? activeStarts[i]! : pick(activeStarts.length ? activeStarts : [new Date(now)]);
  const lead = leadRows.length > 0 && random() < 0.5 ? pick(leadRows) : null;
  const first = pick(FIRST);
  const createdAt = new Date(startsAt.getTime() - Math.floor(1 + random() * 10) * 86_400_000);
  bookingRows.push({
    id: id(),
    // Seeded calls have no working manage link: the hash of nothing.
    secretHash: Buffer.alloc(32),
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    status: active ? 'active' : 'cancelled',
    name: lead?.name ?? `${first} ${pick(LAST)}`,
    email:
      lead?.email ??
      `${first
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}.${run}.call${i}@example.net`,
    phone: `(407) 555-${String(1000 + Math.floor(random() * 9000))}`,
    business: random() < 0.7 ? `${pick(PLACES)} ${pick(TRADES)}` : null,
    topic: pick(TOPICS),
    // Sent a day before (or not needed): none is owed when the server starts.
    remindedAt: startsAt.getTime() < now + 86_400_000 ? new Date(startsAt.getTime() - 86_400_000) : null,
    cancelledAt: active ? null : createdAt,
    cancelledBy: active ? null : pick(['visitor', 'agency']),
    createdAt,
    updatedAt: createdAt,
  });
}
bookingRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
await insertAll(bookings, bookingRows);

// Project messages: threads on orders in the build, about five messages each, alternating sides
// (mostly); the last message's side owes the other side its unread count. Orders past the
// preview get one to three review rounds.
const threadRows: (typeof messageThreads.$inferInsert)[] = [];
const threadMessageRows: (typeof threadMessages.$inferInsert)[] = [];
const reviewRows: (typeof orderReviews.$inferInsert)[] = [];
const buildOrders = orderRows.filter((o) =>
  ['paid', 'intake_received', 'in_design', 'preview_ready', 'launched'].includes(o.status!),
);
const AGENCY_LINES = ['Thanks, we have what we need for now.', 'The home page draft is up for you to look at.'];
const CUSTOMER_LINES = ['Could the header photo be brighter?', 'Our opening hours changed, see below.'];
const addThread = (customerId: string, subject: { orderId: string } | { requestId: string }, startedAt: Date) => {
  const threadId = id();
  const messages = 2 + Math.floor(random() * 7);
  let at = startedAt.getTime();
  let unreadByCustomer = 0;
  let unreadByAgency = 0;
  for (let m = 0; m < messages; m++) {
    at += Math.floor(random() * 2 * 86_400_000);
    const side = (m % 2 === 0) === random() < 0.85 ? 'customer' : 'agency';
    threadMessageRows.push({
      id: id(),
      threadId,
      authorId: side === 'customer' ? customerId : 'seed-admin',
      side,
      body: pick(side === 'customer' ? CUSTOMER_LINES : AGENCY_LINES),
      createdAt: new Date(at),
    });
    if (side === 'customer') unreadByAgency = random() < 0.3 ? unreadByAgency + 1 : 0;
    else unreadByCustomer = random() < 0.3 ? unreadByCustomer + 1 : 0;
  }
  threadRows.push({
    id: threadId,
    ...subject,
    customerId,
    unreadByCustomer,
    unreadByAgency,
    lastMessageAt: new Date(at),
    createdAt: startedAt,
  });
};
for (let i = 0; i < Math.min(THREADS, buildOrders.length); i++) {
  // Spread over the orders so threads are not all on the oldest ones.
  const order = buildOrders[Math.floor((i * buildOrders.length) / Math.min(THREADS, buildOrders.length))]!;
  addThread(order.userId, { orderId: order.id! }, order.createdAt);
  if (order.status === 'preview_ready' || order.status === 'launched') {
    const rounds = 1 + Math.floor(random() * 3);
    for (let round = 1; round <= rounds; round++) {
      const postedAt = new Date(order.createdAt.getTime() + round * 5 * 86_400_000);
      const answered = round < rounds || order.status === 'launched';
      const approved = answered && round === rounds;
      reviewRows.push({
        id: crypto.randomUUID(),
        orderId: order.id!,
        round,
        previewUrl: `https://preview.example.com/${order.id}/round-${round}`,
        message: round === 1 ? 'Here is the first version of your site.' : null,
        postedAt,
        postedBy: 'seed-admin',
        outcome: answered ? (approved ? 'approved' : 'changes_requested') : null,
        changes: answered && !approved ? 'Bigger logo, please, and our phone number in the header.' : null,
        extraWork: round > 2 && !approved,
        respondedAt: answered ? new Date(postedAt.getTime() + 86_400_000) : null,
        respondedBy: answered ? order.userId : null,
      });
    }
  }
}
await insertAll(orderReviews, reviewRows);

// Care-plan requests: mostly done, the rest open or in progress; one in three has replies.
const requestRows: (typeof careRequests.$inferInsert)[] = [];
const REQUEST_STATUSES: readonly CareRequestStatus[] = ['open', 'in_progress', 'done', 'done', 'done'];
const planCustomers = subscriptionRows.length > 0 ? subscriptionRows.map((s) => s.userId) : customers.map((c) => c.id);
for (let i = 0; i < REQUESTS; i++) {
  const createdAt = recent();
  const status = pick(REQUEST_STATUSES);
  const requestId = id();
  const userId = pick(planCustomers);
  requestRows.push({
    id: requestId,
    userId,
    page: pick(['Home', 'About', 'Services', 'Contact', 'Menu']),
    details: 'Please change our Saturday hours to 10 AM-2 PM and add the new phone number.',
    status,
    assignee: status === 'open' ? null : pick(team).name,
    createdAt,
    updatedAt: createdAt,
  });
  if (random() < 1 / 3) addThread(userId, { requestId }, createdAt);
}
requestRows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
await insertAll(careRequests, requestRows);
await insertAll(messageThreads, threadRows);
await insertAll(threadMessages, threadMessageRows);

client.close();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `db:seed: ${customers.length} customers, ${orderRows.length} orders (${itemRows.length} items, ${intakeRows.length} intakes), ` +
    `${messageRows.length} messages, ${subscriptionRows.length} subscriptions, ${invoiceRows.length} invoices, ` +
    `${auditRows.length} audit entries, ${leadRows.length} leads, ${bookingRows.length} bookings ` +
    `(${activeStarts.length} active), ${threadRows.length} threads (${threadMessageRows.length} messages), ` +
    `${reviewRows.length} review rounds, ${requestRows.length} requests in ${seconds} s`,
);
